import { commonMessages as msg } from '../../shared/messages/common.ts';

/** An expected failure: its message is German and shown to the user as is. */
export abstract class AppError extends Error {
  abstract readonly kind: ErrorKind;
  readonly fieldErrors?: Record<string, string>;
  constructor(message: string, fieldErrors?: Record<string, string>) {
    super(message);
    if (fieldErrors) this.fieldErrors = fieldErrors;
  }
}

export class ValidationError extends AppError {
  readonly kind = 'validation';
  constructor(message: string = msg.errors.invalidInput, fieldErrors?: Record<string, string>) {
    super(message, fieldErrors);
  }
}
export class UnauthenticatedError extends AppError {
  readonly kind = 'unauthenticated';
  constructor(message: string = msg.errors.unauthenticated) { super(message); }
}
export class ForbiddenError extends AppError {
  readonly kind = 'forbidden';
  constructor(message: string = msg.errors.forbidden) { super(message); }
}
export class NotFoundError extends AppError {
  readonly kind = 'notFound';
  constructor(message: string = msg.errors.notFound) { super(message); }
}
export class ConflictError extends AppError {
  readonly kind = 'conflict';
  constructor(message: string = msg.errors.conflict, fieldErrors?: Record<string, string>) {
    super(message, fieldErrors);
  }
}
export class PayloadTooLargeError extends AppError {
  readonly kind = 'payloadTooLarge';
  constructor(message: string = msg.errors.payloadTooLarge) { super(message); }
}
export class UnsupportedTypeError extends AppError {
  readonly kind = 'unsupportedType';
  constructor(message: string = msg.errors.unsupportedType) { super(message); }
}
export class ThrottledError extends AppError {
  readonly kind = 'throttled';
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message: string = msg.errors.throttled) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A feature this server is not configured for (e.g. wallet certificates missing): the message names what is missing. */
export class UnavailableError extends AppError {
  readonly kind = 'unavailable';
}

export type ErrorKind =
  | 'validation' | 'unauthenticated' | 'forbidden' | 'notFound' | 'conflict'
  | 'payloadTooLarge' | 'unsupportedType' | 'throttled' | 'unavailable';

/** The one table from failure kind to HTTP status. Anything else is a 500. */
export const statusOf: Record<ErrorKind, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedType: 415,
  throttled: 429,
  unavailable: 503,
};

export interface ErrorBody {
  message: string;
  fieldErrors?: Record<string, string>;
}
