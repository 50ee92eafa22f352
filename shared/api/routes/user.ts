import * as z from 'zod';
import { defineRoute } from '../define.ts';
import {
  adminUpdateUserSchema, createUserSchema, publicUserSchema, updateUserSchema, userGroupSchema, userIdParams,
} from '../../schemas/user.ts';
import { optionalText } from '../../schemas/common.ts';

export const userCreate = defineRoute({
  name: 'userCreate', method: 'POST', path: '/api/user', access: 'admin',
  body: createUserSchema, output: publicUserSchema,
});

export const userList = defineRoute({
  name: 'userList', method: 'GET', path: '/api/user', access: 'admin',
  query: z.object({ search: optionalText(100) }),
  output: z.array(publicUserSchema),
});

export const userGroups = defineRoute({
  name: 'userGroups', method: 'GET', path: '/api/user/group', access: 'admin',
  output: z.array(userGroupSchema),
});

export const userGet = defineRoute({
  name: 'userGet', method: 'GET', path: '/api/user/{id}', access: 'user',
  params: userIdParams, output: publicUserSchema,
});

export const userUpdate = defineRoute({
  name: 'userUpdate', method: 'PATCH', path: '/api/user/{id}', access: 'user',
  params: userIdParams, body: updateUserSchema, output: publicUserSchema,
});

export const userAdminUpdate = defineRoute({
  name: 'userAdminUpdate', method: 'PATCH', path: '/api/user/admin/{id}', access: 'admin',
  params: userIdParams, body: adminUpdateUserSchema, output: publicUserSchema,
});
