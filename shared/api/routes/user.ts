import * as z from 'zod/mini';
import { defineRoute } from '../define.ts';
import {
  adminUpdateUserSchema, createUserSchema, publicUserSchema, updateUserSchema, userGroupSchema, userIdParams,
} from '../../schemas/user.ts';
import { optionalText } from '../../schemas/common.ts';

export const userCreate = defineRoute({
  name: 'userCreate', method: 'POST', path: '/api/user', access: 'admin',
  handler: 'functions/handlers/user/user-create.ts',
  needs: { table: 'readWrite' },
  body: createUserSchema, output: publicUserSchema,
});

export const userList = defineRoute({
  name: 'userList', method: 'GET', path: '/api/user', access: 'admin',
  handler: 'functions/handlers/user/user-list.ts',
  needs: { table: 'read' },
  query: z.object({ search: optionalText(100) }),
  output: z.array(publicUserSchema),
});

export const userGroups = defineRoute({
  name: 'userGroups', method: 'GET', path: '/api/user/group', access: 'admin',
  handler: 'functions/handlers/user/user-groups.ts',
  needs: { table: 'read' },
  output: z.array(userGroupSchema),
});

export const userGet = defineRoute({
  name: 'userGet', method: 'GET', path: '/api/user/{id}', access: 'user',
  handler: 'functions/handlers/user/user-get.ts',
  needs: { table: 'read' },
  params: userIdParams, output: publicUserSchema,
});

export const userUpdate = defineRoute({
  name: 'userUpdate', method: 'PATCH', path: '/api/user/{id}', access: 'user',
  handler: 'functions/handlers/user/user-update.ts',
  needs: { table: 'readWrite' },
  params: userIdParams, body: updateUserSchema, output: publicUserSchema,
});

export const userAdminUpdate = defineRoute({
  name: 'userAdminUpdate', method: 'PATCH', path: '/api/user/admin/{id}', access: 'admin',
  handler: 'functions/handlers/user/user-admin-update.ts',
  needs: { table: 'readWrite' },
  params: userIdParams, body: adminUpdateUserSchema, output: publicUserSchema,
});
