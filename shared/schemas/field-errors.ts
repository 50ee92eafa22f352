// Zod issues as `{ "a.b": "first message" }` for the form that sent them. Without zod itself:
// the server's request code and the web forms import it, whatever flavour of zod made the error.

export interface IssueList {
  readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[];
}

export function fieldErrorsOf(error: IssueList): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
