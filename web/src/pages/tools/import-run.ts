import { useReducer, useRef } from 'react';
import { toolsImport } from '../../../../shared/api/routes/tools.ts';
import { msg } from '../../../../shared/messages.ts';
import type { ImportField, ImportRow, ImportRowResult } from '../../../../shared/schemas/tools.ts';
import { IMPORT_BATCH_SIZE } from '../../../../shared/schemas/tools.ts';
import { call } from '../../api/client.ts';
import { showError } from '../../toast.tsx';

const t = msg.tools.ui;

export interface RunState {
  /** Rows handed over so far (the next request starts here). */
  done: number;
  results: ImportRowResult[];
  running: boolean;
  failure: string | null;
}

type Action =
  | { type: 'start'; fromStart: boolean; invalid: ImportRowResult[] }
  | { type: 'batch'; results: ImportRowResult[] }
  | { type: 'failed'; message: string }
  | { type: 'stopped' }
  | { type: 'reset' };

const initial: RunState = { done: 0, results: [], running: false, failure: null };

function reduce(state: RunState, action: Action): RunState {
  switch (action.type) {
    case 'start': return action.fromStart ? { done: 0, results: [...action.invalid], running: true, failure: null } : { ...state, running: true, failure: null };
    case 'batch': return { ...state, done: state.done + action.results.length, results: [...state.results, ...action.results] };
    case 'failed': return { ...state, running: false, failure: action.message };
    case 'stopped': return { ...state, running: false };
    case 'reset': return initial;
  }
}

/**
 * The batched import of the tools screen: rows go out in requests of up to 100; a request that ran
 * out of time answers the rows it did and leaves the rest (`remaining`), which the next request
 * starts with. Stop waits for the request under way; resume starts where it stopped; a repeat
 * changes nothing (the server matches what was written).
 */
export function useImportRun(): { state: RunState; run: (o: { companyId: string; profileId: string; fields: ImportField[]; rows: ImportRow[]; invalid: ImportRowResult[]; fromStart: boolean }) => Promise<void>; stop: () => void; reset: () => void } {
  const [state, dispatch] = useReducer(reduce, initial);
  const stopping = useRef(false);
  const done = useRef(0);

  async function run(o: { companyId: string; profileId: string; fields: ImportField[]; rows: ImportRow[]; invalid: ImportRowResult[]; fromStart: boolean }) {
    stopping.current = false;
    if (o.fromStart) done.current = 0;
    dispatch({ type: 'start', fromStart: o.fromStart, invalid: o.invalid });
    while (done.current < o.rows.length && !stopping.current) {
      const batch = o.rows.slice(done.current, done.current + IMPORT_BATCH_SIZE);
      const res = await call(toolsImport, { body: { companyId: o.companyId, profileId: o.profileId, fields: o.fields, rows: batch } });
      if (!res.data) {
        // Nothing of this batch is lost: running it again matches what was written.
        showError(res.errorMessage ?? msg.errors.generic);
        dispatch({ type: 'failed', message: `${res.errorMessage ?? msg.errors.generic} ${t.batchFailed}` });
        return;
      }
      done.current += res.data.results.length;
      dispatch({ type: 'batch', results: res.data.results });
    }
    dispatch({ type: 'stopped' });
  }
  return { state, run, stop: () => { stopping.current = true; }, reset: () => { done.current = 0; dispatch({ type: 'reset' }); } };
}
