import { config } from 'zod/mini';
import { commonMessages as msg } from '../messages/common.ts';

// Checks that carry no message of their own (a boolean sent as text, an unknown enum value, a
// path pattern) would otherwise answer with zod's English defaults. Loaded by text-rules.ts, which
// every schema imports, so it is in place before any parse in the browser or a Lambda. The global
// configuration of zod's core: it holds for full schemas and zod/mini ones alike.
config({
  // No `new Function` parsers: the browser's CSP forbids eval (zod's probe alone is reported as a
  // violation), and on the server compiling them costs a cold start more than it saves.
  jitless: true,
  customError: (issue) => {
    if (issue.input === undefined && issue.code === 'invalid_type') return msg.validation.required;
    switch (issue.code) {
      case 'invalid_type': return msg.validation.invalidType;
      case 'invalid_value': return msg.validation.invalidOption;
      case 'invalid_format': return msg.validation.invalidFormat;
      case 'too_small': return msg.validation.tooSmall;
      case 'too_big': return msg.validation.tooBig;
      case 'unrecognized_keys': return msg.validation.unknownField;
      default: return msg.validation.invalidType;
    }
  },
});
