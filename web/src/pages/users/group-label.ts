import { msg } from '../../../../shared/messages.ts';

/** A user group as people call it ('Administrator'); a group without a wording of its own shows its name. */
export function groupLabel(group: string): string {
  return msg.users.groups[group.trim().toLowerCase() as keyof typeof msg.users.groups] ?? group;
}
