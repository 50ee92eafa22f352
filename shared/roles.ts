// Role rules the server and the web app share, so both decide alike.

/** Admin = userGroup.group equals "admin", case-insensitive (spec §6). */
export function isAdminGroup(group: string | undefined): boolean {
  return (group ?? '').trim().toLowerCase() === 'admin';
}
