import * as z from 'zod/mini';
import { defineRoute } from '../define.ts';
import { images, storedPasses, walletSecrets } from '../needs.ts';
import {
  passkitDeviceParams, passkitLogBody, passkitPassParams, passkitRegisterBody, passkitRegistrationParams, passkitSerialsQuery,
  pkpassCreatedSchema, walletCardParams, walletCardSchema, walletResultSchema, walletSignatureSchema, walletSignedParams,
  walletStatusSchema, walletUserParams,
} from '../../schemas/wallet.ts';
import { systemStatusSchema } from '../../schemas/system.ts';

// Wallet passes (spec §7). The two signed public links are what the QR codes carry; in AWS they
// are served by a Lambda function URL behind CloudFront, locally by the same server.

/** Building and signing a pass (images, zip, PKCS#7). */
const passBuilding = { memoryMb: 1024, timeoutSeconds: 15 };

/** HMAC of a card id; `userId` is the card holder's id (spec's name). */
export const walletSignature = defineRoute({
  name: 'walletSignature', method: 'GET', path: '/api/wallet/signature/{userId}', access: 'user',
  handler: 'functions/handlers/wallet/wallet-signature.ts',
  needs: { table: 'readWrite', objects: [images.read], secrets: walletSecrets },
  params: walletUserParams, output: walletSignatureSchema,
});

/** Which wallets this server can issue, and what is missing for the others. */
export const walletStatus = defineRoute({
  name: 'walletStatus', method: 'GET', path: '/api/wallet/status', access: 'user',
  handler: 'functions/handlers/wallet/wallet-status.ts',
  needs: { table: 'readWrite', objects: [images.read], secrets: walletSecrets },
  output: walletStatusSchema,
});

export const walletPkpassCreate = defineRoute({
  name: 'walletPkpassCreate', method: 'POST', path: '/api/wallet/pkpass/{id}', access: 'user',
  handler: 'functions/handlers/wallet/wallet-pkpass-create.ts',
  needs: { table: 'readWrite', objects: [images.read, storedPasses.readWrite], secrets: walletSecrets },
  lambda: passBuilding,
  params: walletCardParams, output: pkpassCreatedSchema,
});

/** The pass as a file (bearer), saved as pass.pkpass. */
export const walletPkpassGet = defineRoute({
  name: 'walletPkpassGet', method: 'GET', path: '/api/wallet/pkpass/{id}', access: 'user',
  handler: 'functions/handlers/wallet/wallet-pkpass-get.ts',
  needs: { table: 'readWrite', objects: [images.read, storedPasses.readWrite], secrets: walletSecrets },
  lambda: passBuilding,
  params: walletCardParams,
});

export const walletPkpassPublic = defineRoute({
  name: 'walletPkpassPublic', method: 'GET', path: '/api/wallet/pkpass/{id}/{signature}', access: 'public',
  handler: 'functions/handlers/wallet/wallet-pkpass-public.ts',
  needs: { table: 'readWrite', objects: [images.read, storedPasses.readWrite], secrets: walletSecrets },
  functionUrl: 'wallet-links',
  lambda: passBuilding,
  params: walletSignedParams,
});

/** `data.result` is the Google save URL, which the web app opens. */
export const walletGooglecardCreate = defineRoute({
  name: 'walletGooglecardCreate', method: 'POST', path: '/api/wallet/googlecard/{id}', access: 'user',
  handler: 'functions/handlers/wallet/wallet-googlecard-create.ts',
  needs: { table: 'readWrite', objects: [images.read], secrets: walletSecrets },
  lambda: passBuilding,
  params: walletCardParams, output: walletResultSchema,
});

/** Redirects (302) to the Google save URL. */
export const walletGooglecardPublic = defineRoute({
  name: 'walletGooglecardPublic', method: 'GET', path: '/api/wallet/googlecard/{id}/{signature}', access: 'public',
  handler: 'functions/handlers/wallet/wallet-googlecard-public.ts',
  needs: { table: 'readWrite', objects: [images.read], secrets: walletSecrets },
  functionUrl: 'wallet-links',
  lambda: passBuilding,
  params: walletSignedParams,
});

/** Data of the public QR wallet page `/qr/{id}/{signature}`. */
export const walletCard = defineRoute({
  name: 'walletCard', method: 'GET', path: '/api/wallet/card/{id}/{signature}', access: 'public',
  handler: 'functions/handlers/wallet/wallet-card.ts',
  needs: { table: 'readWrite', objects: [images.read], secrets: walletSecrets },
  params: walletSignedParams, output: walletCardSchema,
});

// PassKit web service, as Apple defines it under the pass's webServiceURL
// (`/api/wallet/passkit`). Public in the route table: the handlers check the
// `Authorization: ApplePass <authenticationToken>` header of the pass themselves.

export const passkitRegister = defineRoute({
  name: 'passkitRegister', method: 'POST', path: '/api/wallet/passkit/v1/devices/{deviceId}/registrations/{passTypeId}/{serial}', access: 'public',
  handler: 'functions/handlers/wallet/passkit-register.ts',
  needs: { table: 'readWrite', objects: [images.read], secrets: walletSecrets },
  params: passkitRegistrationParams, body: passkitRegisterBody,
});

export const passkitUnregister = defineRoute({
  name: 'passkitUnregister', method: 'DELETE', path: '/api/wallet/passkit/v1/devices/{deviceId}/registrations/{passTypeId}/{serial}', access: 'public',
  handler: 'functions/handlers/wallet/passkit-unregister.ts',
  needs: { table: 'readWrite', objects: [images.read], secrets: walletSecrets },
  params: passkitRegistrationParams,
});

/** Serial numbers of the device's passes changed since `passesUpdatedSince` (204 when none). */
export const passkitSerials = defineRoute({
  name: 'passkitSerials', method: 'GET', path: '/api/wallet/passkit/v1/devices/{deviceId}/registrations/{passTypeId}', access: 'public',
  handler: 'functions/handlers/wallet/passkit-serials.ts',
  needs: { table: 'readWrite', objects: [images.read], secrets: walletSecrets },
  params: passkitDeviceParams, query: passkitSerialsQuery,
});

/** The latest version of a pass (304 when unchanged since If-Modified-Since). */
export const passkitPass = defineRoute({
  name: 'passkitPass', method: 'GET', path: '/api/wallet/passkit/v1/passes/{passTypeId}/{serial}', access: 'public',
  handler: 'functions/handlers/wallet/passkit-pass.ts',
  needs: { table: 'readWrite', objects: [images.read, storedPasses.readWrite], secrets: walletSecrets },
  lambda: passBuilding,
  params: passkitPassParams,
});

export const passkitLog = defineRoute({
  name: 'passkitLog', method: 'POST', path: '/api/wallet/passkit/v1/log', access: 'public',
  handler: 'functions/handlers/wallet/passkit-log.ts',
  needs: { table: 'readWrite', objects: [images.read], secrets: walletSecrets },
  body: passkitLogBody, output: z.object({}),
});

/**
 * The admins' Systemstatus screen: what is set up (wallets, public address, alarm e-mail), never a
 * secret. In the wallet area because it reads the wallet configuration: the system area (the
 * public health check) keeps no access to the wallet secrets.
 */
export const systemStatus = defineRoute({
  name: 'systemStatus', method: 'GET', path: '/api/system/status', access: 'admin',
  handler: 'functions/handlers/wallet/system-status.ts',
  // The table for the admin's sign-in; the wallet secrets to say what is set up (never shown).
  needs: { table: 'read', secrets: walletSecrets },
  output: systemStatusSchema,
});
