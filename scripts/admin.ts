// npm run admin -- role <email> customer|reparto|bodega|admin (grant/revoke: admin/customer): sets an account's role on the
// configured database (either driver), audited. On PGlite it refuses a folder the running app has open.
import { changeRole, isRole, ROLE_NAMES, type Role } from '../src/server/admin/roles.ts';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { DatabaseLockedError, openDatabase } from '../src/server/db/open.ts';

const USAGE = [
  'Uso: npm run admin -- role <correo> <rol>   (rol: customer, reparto, bodega o admin)',
  'Uso: npm run admin -- grant <correo>   |   npm run admin -- revoke <correo>   (admin / customer)',
].join('\n');

const [command, email, roleArgument] = process.argv.slice(2);
const role = parseCommand();

try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let change: Awaited<ReturnType<typeof changeRole>>;
  try {
    change = await changeRole(database.db, { email: email as string }, role, { by: 'npm run admin' });
  } finally {
    await database.close();
  }
  if (!change) {
    console.error(`No existe una cuenta con el correo ${email}.`);
    process.exit(1);
  }
  if (!change.changed) console.log(`${email} ya tenía el rol ${role}.`);
  else if (command === 'grant') console.log(`${email} ahora es administrador.`);
  else if (command === 'revoke') console.log(`${email} ya no es ${ROLE_NAMES[change.from]}.`);
  else console.log(`${email} ahora tiene el rol ${role} (antes: ${change.from}).`);
} catch (error) {
  const known = error instanceof ConfigError || error instanceof DatabaseLockedError;
  console.error(known ? error.message : error);
  process.exit(1);
}

/** The role the command asks for; a wrong command line prints the usage and exits with status 2. */
function parseCommand(): Role {
  if (command === 'role' && email && roleArgument) {
    if (isRole(roleArgument)) return roleArgument;
    console.error(`Rol desconocido: ${roleArgument}. Usa customer, reparto, bodega o admin.\n${USAGE}`);
    process.exit(2);
  }
  if ((command === 'grant' || command === 'revoke') && email)
    return command === 'grant' ? 'admin' : 'customer';
  console.error(USAGE);
  process.exit(2);
}
