/** See node-version.mjs. */
export function nodeTooOld(version: string, engines: string): string | null;
