import { runBadInput } from '../helpers/bad-input.ts';

// Every route of the table, half per file (see test/api/route-fixtures.ts to add a route).
runBadInput(0, 2);
