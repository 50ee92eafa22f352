// Plain JavaScript (any Node can load it): which Node the project needs, from package.json `engines`.

/**
 * The one line to print when `version` (e.g. 'v20.20.2') is older than `engines` (e.g. '>=22.18'),
 * or null when it is new enough.
 * @param {string} version
 * @param {string} engines
 * @returns {string | null}
 */
export function nodeTooOld(version, engines) {
  const wanted = /(\d+)\.(\d+)/.exec(engines) ?? ['', '22', '18'];
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  const needMajor = Number(wanted[1]);
  const needMinor = Number(wanted[2]);
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return `Dieses Projekt braucht Node.js ${needMajor}.${needMinor} oder neuer (gefunden: ${version}); bitte Node 24 installieren (z. B. \`nvm install 24\` oder https://nodejs.org/) und \`npm start\` erneut ausführen.`;
}
