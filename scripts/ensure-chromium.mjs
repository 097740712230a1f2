// Finds Chromium for the browser tests (CHROMIUM_PATH, then the usual system paths); as root with apt-get it
// installs Debian's chromium; otherwise it stops and says how to install it. Prints the path it found.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];
const found = () => candidates.find((path) => path && existsSync(path));

if (!found()) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium no está instalado: instalándolo con apt-get (paquete chromium de Debian)…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
}
const path = found();
if (!path) {
  console.error(
    'No se encontró Chromium para las pruebas en navegador.\n' +
      'Instálalo con "sudo apt-get install -y chromium" (Debian/Ubuntu) o indica su ruta en CHROMIUM_PATH.',
  );
  process.exit(1);
}
console.log(`Chromium: ${path}`);
