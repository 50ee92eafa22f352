import { runAuthzMatrix } from '../helpers/authz-matrix.ts';

// Every route of the table, half per file (see test/api/route-fixtures.ts to add a route).
runAuthzMatrix(1, 2);
