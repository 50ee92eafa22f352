import type { RouteObject } from 'react-router';
import { msg } from '../../../../shared/messages.ts';
import { paths } from '../../paths.ts';
import { screen } from '../../data.tsx';

/** The admins' Systemstatus (V2 layout). */
export const systemRoutes: RouteObject[] = [
  screen(paths.adminSystemStatus, msg.system.title, async () => {
    const { SystemStatusScreen, loader } = await import('./system-status.tsx');
    return { Component: SystemStatusScreen, loader };
  }, { admin: true }),
];
