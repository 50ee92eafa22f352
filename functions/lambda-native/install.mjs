// Runs after every `npm install` / `npm ci` of the project (package.json "postinstall"): installs
// this folder's locked packages for linux-arm64, Lambda's architecture, whatever machine this is
// (sharp's documented cross-platform install: npm's --os/--cpu/--libc flags). npm installs only the
// current platform's optional binaries into the project itself, so the root's sharp stays the
// local (x64) one and this folder holds the one the Lambda assets carry (infra/native-modules.ts).
// Plain JavaScript: it runs under whatever Node runs npm. Nothing is built from source
// (--ignore-scripts; sharp ships prebuilt libvips).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));

/** Every arm64 package of the lock present at its locked version. */
function installed() {
  return Object.entries(lock.packages).every(([path, pkg]) => {
    if (!path) return true;
    const wanted = !pkg.os || (pkg.os.includes('linux') && pkg.cpu?.includes('arm64') && (!pkg.libc || pkg.libc.includes('glibc')));
    if (!wanted) return true;
    const file = join(dir, path, 'package.json');
    return existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).version === pkg.version;
  });
}

if (installed()) process.exit(0);
const npm = process.env.npm_execpath;
const args = ['ci', '--os=linux', '--cpu=arm64', '--libc=glibc', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'];
try {
  if (npm && npm.endsWith('.js')) execFileSync(process.execPath, [npm, ...args], { cwd: dir, stdio: 'inherit' });
  else execFileSync(npm || 'npm', args, { cwd: dir, stdio: 'inherit', shell: process.platform === 'win32' });
} catch {
  console.error(`Die Lambda-Pakete (sharp für linux-arm64) konnten nicht installiert werden. Erneut versuchen: cd ${dir} && npm ${args.join(' ')}`);
  process.exit(1);
}
