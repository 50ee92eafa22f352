// Once after the first deploy: creates the user groups and the first admin in the deployed table.
//   TABLE_NAME=<output TableName> AWS_REGION=<region> ADMIN_PASSWORD=<secret> npm run seed:aws
import { ensureInitialData } from '../functions/domain/setup/ensure-initial-data.ts';

if (!process.env.TABLE_NAME) {
  console.error('TABLE_NAME fehlt: den Tabellennamen aus der Stack-Ausgabe "TableName" angeben.');
  process.exit(1);
}
// The seed writes only to the table; the handlers' other settings are irrelevant here.
process.env.UPLOADS_BUCKET ??= 'not-used-by-seed';
process.env.AUTH_SECRET_ARN ??= 'not-used-by-seed';

const result = await ensureInitialData({
  adminUsername: process.env.ADMIN_USERNAME ?? 'admin',
  adminPassword: process.env.ADMIN_PASSWORD,
});
if (result.createdAdmin) {
  const a = result.createdAdmin;
  console.log(a.generated
    ? `Admin-Konto angelegt: Benutzername "${a.username}", Passwort "${a.password}" (wird nur dieses eine Mal angezeigt).`
    : `Admin-Konto angelegt: Benutzername "${a.username}".`);
} else {
  console.log('Gruppen geprüft; das Admin-Konto existierte bereits, nichts geändert.');
}
