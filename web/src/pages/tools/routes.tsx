import type { RouteObject } from 'react-router';
import { msg } from '../../../../shared/messages.ts';
import { paths } from '../../paths.ts';
import { screen } from '../../data.tsx';

// Admin import tools (spec §2 Tools): admin-only like their API.
const t = msg.tools.ui;
const admin = { admin: true };

export const toolsLegacyRoutes: RouteObject[] = [
  screen(paths.tools, t.title, async () => ({ Component: (await import('./tools-overview.tsx')).ToolsOverview }), admin),
  screen(paths.toolsJsonErstellen, t.csvToJson, async () => ({ Component: (await import('./csv-to-json.tsx')).CsvToJsonPage }), admin),
  screen(paths.toolsKonvertieren, t.convert, async () => {
    const { ConvertPage, loader } = await import('./convert.tsx');
    return { Component: ConvertPage, loader };
  }, admin),
];
