// Every key shape of the single table lives here; nothing else builds a key string.

export const keys = {
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'USER' }),
  /** GSI1 entry that lists users sorted by (lower-case) username. */
  userListEntry: (usernameLower: string, userId: string) => ({ gsi1pk: 'USERS', gsi1sk: `${usernameLower}#${userId}` }),
  userListPartition: () => ({ gsi1pk: 'USERS' }),
  /** Uniqueness guard for usernames, case-insensitive. */
  username: (usernameLower: string) => ({ pk: `USERNAME#${usernameLower}`, sk: 'USERNAME' }),

  group: (groupId: string) => ({ pk: `GROUP#${groupId}`, sk: 'GROUP' }),
  groupListEntry: (groupLower: string) => ({ gsi1pk: 'GROUPS', gsi1sk: groupLower }),
  groupListPartition: () => ({ gsi1pk: 'GROUPS' }),

  /** Failed sign-in counter for one subject (username or client address) in one time window. */
  throttle: (subject: 'user' | 'ip', value: string, windowStart: number) => ({
    pk: `THROTTLE#${subject}#${value}`,
    sk: `WINDOW#${windowStart}`,
  }),

  /** Marks one-time setup (first admin) as done. */
  setupMarker: (name: string) => ({ pk: `SETUP#${name}`, sk: 'SETUP' }),
} as const;
