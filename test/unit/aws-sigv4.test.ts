import { describe, expect, test } from 'vitest';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '@smithy/core/checksum';
import { signRequest } from '../../functions/lib/aws/sigv4.ts';

// Our SigV4 (functions/lib/aws/sigv4.ts, used for every DynamoDB, Secrets Manager and SQS call)
// judged by the SDK's own signer: the same request at the same moment must carry the same signature.
describe('SigV4 signing', () => {
  const now = new Date('2025-03-04T05:06:07.890Z');
  const body = JSON.stringify({ TableName: 'visitenkarten', Key: { pk: { S: 'PERSON#1' }, sk: { S: 'PERSON' } } });
  const headers = { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.GetItem' };

  async function sdkSignature(credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string }, host: string) {
    const signer = new SignatureV4({ service: 'dynamodb', region: 'eu-central-1', credentials, sha256: Sha256 });
    const signed = await signer.sign({ method: 'POST', protocol: 'https:', hostname: host, path: '/', headers: { ...headers, host }, body }, { signingDate: now });
    return signed.headers;
  }

  test('long-term keys: the same authorization header as @smithy/signature-v4', async () => {
    const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
    const host = 'dynamodb.eu-central-1.amazonaws.com';
    const ours = signRequest({ method: 'POST', host, path: '/', headers, body, service: 'dynamodb', region: 'eu-central-1', credentials, now });
    const sdk = await sdkSignature(credentials, host);
    expect(ours['x-amz-date']).toBe('20250304T050607Z');
    expect(ours.authorization).toBe(sdk.authorization);
  });

  test('temporary credentials (Lambda): the session token is sent and signed', async () => {
    const credentials = { accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'c2VjcmV0', sessionToken: 'IQoJb3JpZ2luX2VjE///token==' };
    const host = 'dynamodb.eu-central-1.amazonaws.com';
    const ours = signRequest({ method: 'POST', host, path: '/', headers, body, service: 'dynamodb', region: 'eu-central-1', credentials, now });
    const sdk = await sdkSignature(credentials, host);
    expect(ours['x-amz-security-token']).toBe(credentials.sessionToken);
    expect(ours.authorization).toContain('x-amz-security-token');
    expect(ours.authorization).toBe(sdk.authorization);
  });

  test('a different body or day gives a different signature', () => {
    const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'geheim' };
    const sign = (b: string, d: Date) => signRequest({ method: 'POST', host: 'h', path: '/', headers, body: b, service: 'dynamodb', region: 'eu-central-1', credentials, now: d }).authorization;
    expect(sign(body, now)).not.toBe(sign(`${body} `, now));
    expect(sign(body, now)).not.toBe(sign(body, new Date('2025-03-05T05:06:07Z')));
  });
});
