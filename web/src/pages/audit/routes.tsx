import type { RouteObject } from 'react-router';
import { msg } from '../../../../shared/messages.ts';
import { paths } from '../../paths.ts';
import { screen } from '../../data.tsx';

/** The audit log in the V2 layout (issue 27). */
export const auditRoutes: RouteObject[] = [
  screen(paths.auditLog, msg.privacy.ui.auditTitle, async () => {
    const { AuditLog, loader } = await import('./audit-log.tsx');
    return { Component: AuditLog, loader };
  }),
];
