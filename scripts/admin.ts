// npm run admin -- grant|revoke <email>: sets an account's role on the configured database (either driver).
import { setRole } from '../src/server/admin/roles.ts';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/open.ts';

const [command, email] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !email) {
  console.error('Uso: npm run admin -- grant <correo>   |   npm run admin -- revoke <correo>');
  process.exit(2);
}
try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const changed = await setRole(database.db, email, command === 'grant' ? 'admin' : 'customer');
  await database.close();
  if (!changed) {
    console.error(`No existe una cuenta con el correo ${email}.`);
    process.exit(1);
  }
  console.log(command === 'grant' ? `${email} ahora es administrador.` : `${email} ya no es administrador.`);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
