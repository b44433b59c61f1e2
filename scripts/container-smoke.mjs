// @ts-check
// `npm run test:container`: build the image from ./Dockerfile and run the compose.yaml stack once
// (the app behind Caddy), then check it as a visitor would:
//   1. /healthz answers 200 through Caddy, and the image's HEALTHCHECK passes;
//   2. the home page renders (the brand is on it), without Caddy's Server header;
//   3. a contact form post (JSON, Origin = SITE_URL, as a browser sends it) is accepted through
//      the proxy, also with Origin alone (older browsers send no Sec-Fetch-Site), and refused
//      (403) from another origin;
//   4. the client address the app logs for that post is the peer Caddy saw (this host), not
//      Caddy's own container address and not the X-Forwarded-For the client tried to forge;
//   5. the message survives replacing the app container (the data volume is where the data is);
//   6. `npm run db:backup` works in the running container and `npm run db:restore` in a one-off
//      container beside the stopped app brings the database back to the backup (docs/operations.md: Updates).
// Two passes, each with its own image (SITE_URL is baked into the build): `http` (DOMAIN unset:
// plain http on SMOKE_PORT, the first-try setup) and `https` (DOMAIN=localhost: Caddy's automatic
// HTTPS with its local CA, SITE_URL https://localhost:<SMOKE_PORT+1>, plus HSTS and the
// http-to-https redirect: the production path). SMOKE_MODES=http (or https) runs one only.
// Everything it starts is removed at the end, on failure too; images are kept as a cache, so a
// second run only rebuilds the layers whose inputs changed (`podman image prune` now and then
// reclaims the superseded build stages).
//
// Requirements: podman (preferred) or docker with a working daemon; without either it prints
// "skipped: no container runtime (podman or docker)" and exits 0. It publishes Caddy on
// 127.0.0.1:$SMOKE_PORT (default 4640; https: also 4641). The image build needs the npm registry
// (the one `npm config get registry` names is passed as a build argument, NODE_EXTRA_CA_CERTS or
// npm's cafile as the `npm_ca` build secret; HTTP(S)_PROXY pass through).
//
// Offline base images: when node:24-slim / caddy:2 cannot be pulled (no Docker Hub access) and are
// not already present, it makes local stand-ins and builds the real Dockerfile on them
// (--build-arg NODE_IMAGE=localhost/palmetto-smoke/node:24): a Debian bookworm rootfs from
// `debootstrap` (root and `apt-get install debootstrap` needed, Debian's mirror is enough) with this
// Node binary and npm copied in, and a Caddy stand-in with the host's /usr/bin/caddy
// (`apt-get install caddy`). Set NODE_IMAGE / CADDY_IMAGE to use other images.
//
// Restricted hosts: where the runtime's defaults cannot start a container (no CAP_SYS_RESOURCE to
// raise rlimits, crun refusing hybrid cgroups), it retries with `--runtime runc`
// (`apt-get install runc`) and with --ulimit set to this process's own limits, and says so.
//
// Environment: CONTAINER_RUNTIME (podman|docker), SMOKE_MODES, SMOKE_PORT, NODE_IMAGE, CADDY_IMAGE,
// SMOKE_KEEP=1 (leave the stack running for a look; remove it with the commands printed).
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const PORT = Number(process.env.SMOKE_PORT || 4640);
const BRAND = 'Palmetto Web Studio';
const FORGED_CLIENT = '203.0.113.7';
const APP_IMAGE_NAME = 'localhost/palmetto-web';
const STAND_IN_NODE = 'localhost/palmetto-smoke/node:24';
const STAND_IN_CADDY = 'localhost/palmetto-smoke/caddy:2';
const NAMES = {
  network: 'palmetto-smoke',
  volume: 'palmetto-smoke-data',
  app: 'palmetto-smoke-app',
  proxy: 'palmetto-smoke-proxy',
};

const started = Date.now();
const seconds = (from = started) => `${((Date.now() - from) / 1000).toFixed(1)} s`;
/** @typedef {{ mode: string, https: boolean, siteUrl: string, image: string, domain: string, publish: string[], ca: string | undefined }} Pass */
/** @typedef {{ input?: string, timeout?: number, inherit?: boolean, cwd?: string }} ShOptions */

const log = (/** @type {string} */ message) => console.log(`[container-smoke ${seconds()}] ${message}`);

class SmokeFailure extends Error {}
/** @param {unknown} condition @param {string} message */
function check(condition, message) {
  if (!condition) throw new SmokeFailure(message);
}

/**
 * Runs a command; returns { status, stdout, stderr }.
 * @param {string} command @param {string[]} args @param {ShOptions} [options]
 */
function sh(command, args, { input, timeout = 0, inherit = false, cwd = ROOT } = {}) {
  const result = spawnSync(command, args, {
    cwd,
    input,
    timeout: timeout || undefined,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: inherit ? ['ignore', 'inherit', 'inherit'] : ['pipe', 'pipe', 'pipe'],
  });
  return {
    status: result.error ? -1 : result.status,
    stdout: result.stdout ?? '',
    stderr: result.stderr ?? String(result.error ?? ''),
  };
}

/** The first runtime that answers `info`, or null. */
function findRuntime() {
  const candidates = process.env.CONTAINER_RUNTIME ? [process.env.CONTAINER_RUNTIME] : ['podman', 'docker'];
  for (const name of candidates) {
    if (sh(name, ['info'], { timeout: 60_000 }).status === 0) return name;
  }
  return null;
}

const foundRuntime = findRuntime();
if (!foundRuntime) {
  console.log('skipped: no container runtime (podman or docker)');
  process.exit(0);
}
const runtimeName = foundRuntime;
const podman = runtimeName === 'podman';

/** Flags this host needs: global ones (before the subcommand) and ones for `run`/`build`. */
/** @type {{ global: string[], limits: string[] }} */
let quirks = { global: [], limits: [] };
/** @type {(args: string[], options?: ShOptions) => { status: number | null, stdout: string, stderr: string }} */
const rt = (args, options) => sh(runtimeName, [...quirks.global, ...args], options);
/** @param {string[]} args @param {ShOptions} [options] */
function rtOk(args, options) {
  const result = rt(args, options);
  if (result.status !== 0) {
    throw new SmokeFailure(
      `${runtimeName} ${args.join(' ')} failed (${result.status}):\n${result.stderr || result.stdout}`,
    );
  }
  return result.stdout.trim();
}
const imageExists = (/** @type {string} */ image) => rt(['image', 'inspect', image]).status === 0;

/** This process's hard limit for one rlimit, from /proc (Linux only; elsewhere null). */
/** @param {string} name */
function hardLimit(name) {
  const limits = existsSync('/proc/self/limits') ? readFileSync('/proc/self/limits', 'utf8') : '';
  const line = limits.split('\n').find((l) => l.startsWith(name));
  const value = line?.slice(26).trim().split(/\s+/)[1];
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

/** Finds flags with which a container starts here (see the header: restricted hosts). */
/** @param {string} image */
function probeQuirks(image) {
  const files = hardLimit('Max open files');
  const procs = hardLimit('Max processes');
  const limits =
    files && procs
      ? [
          '--ulimit',
          `nofile=${files}:${files}`,
          '--ulimit',
          `nproc=${Math.min(procs, 32768)}:${Math.min(procs, 32768)}`,
        ]
      : [];
  const runc = podman && sh('runc', ['--version']).status === 0 ? [['--runtime', 'runc']] : [];
  const tried = [];
  for (const global of [[], ...runc]) {
    for (const extra of limits.length ? [[], limits] : [[]]) {
      quirks = { global, limits: extra };
      const result = rt(['run', '--rm', ...extra, image, 'node', '-e', '0'], { timeout: 120_000 });
      if (result.status === 0) {
        if (global.length || extra.length) log(`this host needs: ${[...global, ...extra].join(' ')}`);
        return;
      }
      tried.push(`[${[...global, ...extra].join(' ')}] ${result.stderr.trim().split('\n').pop()}`);
    }
  }
  throw new SmokeFailure(`no container starts on this host:\n${tried.join('\n')}`);
}

/** An image from the registry if present or pullable, else null. */
/** @param {string} image */
function pulled(image) {
  if (imageExists(image)) return image;
  log(`pulling ${image}`);
  return rt(['pull', image], { timeout: 60_000 }).status === 0 ? image : null;
}

/** Node's and npm's own directories, to copy into the stand-in image. */
function nodeInstallation() {
  const node = realpathSync(process.execPath);
  const npmBin = sh('sh', ['-c', 'command -v npm']).stdout.trim();
  check(npmBin, 'npm is not on PATH: cannot make the Node stand-in image');
  const npmCli = realpathSync(npmBin); // …/node_modules/npm/bin/npm-cli.js
  return { node, npmDir: resolve(dirname(npmCli), '..') };
}

/** Debian rootfs + this Node + npm + the `node` user (uid 1000), as the official image has. */
function makeNodeStandIn() {
  check(process.getuid?.() === 0, 'making the offline Node image needs root (debootstrap); or set NODE_IMAGE');
  check(
    sh('debootstrap', ['--version']).status === 0,
    'apt-get install debootstrap (or set NODE_IMAGE to a Node 24 image)',
  );
  const work = mkdtempSync(join(tmpdir(), 'palmetto-smoke-rootfs-'));
  try {
    const rootfs = join(work, 'rootfs');
    log('no node:24-slim here: making a local stand-in with debootstrap (once; about a minute)');
    const mirror = process.env.DEBIAN_MIRROR || 'http://deb.debian.org/debian';
    const boot = sh('debootstrap', ['--variant=minbase', 'bookworm', rootfs, mirror], { timeout: 900_000 });
    check(boot.status === 0, `debootstrap failed:\n${boot.stderr.slice(-2000)}`);
    const { node, npmDir } = nodeInstallation();
    cpSync(node, join(rootfs, 'usr/local/bin/node'));
    cpSync(npmDir, join(rootfs, 'usr/local/lib/node_modules/npm'), { recursive: true, verbatimSymlinks: true });
    symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', join(rootfs, 'usr/local/bin/npm'));
    symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', join(rootfs, 'usr/local/bin/npx'));
    const user = sh('chroot', [
      rootfs,
      'sh',
      '-c',
      'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node',
    ]);
    check(user.status === 0, `could not add the node user:\n${user.stderr}`);
    sh('chroot', [rootfs, 'apt-get', 'clean']);
    const tar = spawnSync('tar', ['-C', rootfs, '-c', '.'], { maxBuffer: 2 * 1024 * 1024 * 1024 });
    check(tar.status === 0, 'tar of the rootfs failed');
    const changes = ['CMD ["node"]', 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'].flatMap(
      (c) => ['--change', c],
    );
    const imported = spawnSync(runtimeName, [...quirks.global, 'import', ...changes, '-', STAND_IN_NODE], {
      input: tar.stdout,
      encoding: 'utf8',
    });
    check(imported.status === 0, `import failed:\n${imported.stderr}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The host's Caddy binary on the Node stand-in (no RUN step: nothing to execute at build). */
function makeCaddyStandIn() {
  const caddy = sh('sh', ['-c', 'command -v caddy']).stdout.trim();
  check(caddy, 'no caddy:2 image and no caddy binary: apt-get install caddy (or set CADDY_IMAGE)');
  const work = mkdtempSync(join(tmpdir(), 'palmetto-smoke-caddy-'));
  try {
    cpSync(realpathSync(caddy), join(work, 'caddy'));
    // As the official image: config in /etc/caddy, state in the /data and /config volumes.
    writeFileSync(
      join(work, 'Containerfile'),
      [
        `FROM ${STAND_IN_NODE}`,
        'COPY caddy /usr/bin/caddy',
        'ENV XDG_CONFIG_HOME=/config XDG_DATA_HOME=/data',
        'EXPOSE 80 443 443/udp',
        'WORKDIR /srv',
        'CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]',
        '',
      ].join('\n'),
    );
    rtOk(['build', ...quirks.limits, '-t', STAND_IN_CADDY, work], { timeout: 300_000 });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function baseImages() {
  let node = process.env.NODE_IMAGE || pulled('docker.io/library/node:24-slim');
  if (!node) {
    if (!imageExists(STAND_IN_NODE)) makeNodeStandIn();
    else log(`reusing ${STAND_IN_NODE}`);
    node = STAND_IN_NODE;
  }
  probeQuirks(node);
  let caddy = process.env.CADDY_IMAGE || pulled('docker.io/library/caddy:2');
  if (!caddy) {
    if (!imageExists(STAND_IN_CADDY)) makeCaddyStandIn();
    else log(`reusing ${STAND_IN_CADDY}`);
    caddy = STAND_IN_CADDY;
  }
  return { node, caddy };
}

/**
 * One run of the stack. `http`: DOMAIN unset, Caddy serves plain http on :80 (published on
 * SMOKE_PORT). `https`: DOMAIN=localhost, so Caddy's automatic HTTPS issues a certificate from
 * its own local CA (no ACME, no internet) and the app is built for an https SITE_URL: the
 * production path (X-Forwarded-Proto, HSTS, Secure cookies).
 */
/** @param {string} mode @returns {Pass} */
function passFor(mode) {
  const https = mode === 'https';
  const port = https ? PORT + 1 : PORT;
  const siteUrl = `${https ? 'https' : 'http'}://localhost:${port}`;
  return {
    mode,
    https,
    siteUrl,
    image: `${APP_IMAGE_NAME}:smoke-${mode}`,
    // What compose.yaml hands Caddy: DOMAIN, or `:80` when it is unset or empty.
    domain: https ? 'localhost' : ':80',
    publish: https ? [`127.0.0.1:${port}:443`, `127.0.0.1:${PORT}:80`] : [`127.0.0.1:${port}:80`],
    /** Caddy's local root certificate, once read (https only). */
    ca: undefined,
  };
}

/** @param {Pass} pass @param {string} nodeImage */
function buildApp(pass, nodeImage) {
  const registry = sh('npm', ['config', 'get', 'registry']).stdout.trim() || 'https://registry.npmjs.org/';
  const extraCa =
    process.env.NODE_EXTRA_CA_CERTS ||
    sh('npm', ['config', 'get', 'cafile'])
      .stdout.trim()
      .replace(/^null$/, '');
  const args = [
    'build',
    ...(podman ? ['--format', 'docker'] : []), // OCI images drop HEALTHCHECK
    ...quirks.limits,
    '--build-arg',
    `NODE_IMAGE=${nodeImage}`,
    '--build-arg',
    `SITE_URL=${pass.siteUrl}`,
    '--build-arg',
    `NPM_CONFIG_REGISTRY=${registry}`,
    // A TLS-inspecting proxy's CA (as this machine's npm trusts it), as a build secret.
    ...(extraCa && existsSync(extraCa) ? ['--secret', `id=npm_ca,src=${extraCa}`] : []),
    '-t',
    pass.image,
    '-f',
    'Dockerfile',
    '.',
  ];
  const from = Date.now();
  log(`[${pass.mode}] building ${pass.image} (${runtimeName} ${args.join(' ')})`);
  const result = rt(args, { inherit: true, timeout: 1_800_000 });
  check(result.status === 0, 'image build failed (output above)');
  log(`[${pass.mode}] image built in ${seconds(from)}`);
}

/** Removes what a run (this one or an interrupted earlier one) left. */
function tearDown() {
  rt(['stop', '--time', '5', NAMES.proxy, NAMES.app]);
  rt(['rm', '--force', NAMES.proxy, NAMES.app]);
  rt(['network', 'rm', NAMES.network]);
  rt(['volume', 'rm', '--force', NAMES.volume]);
}

// The same service definitions as compose.yaml (app: env, volume, read-only root, tmpfs; proxy:
// the Caddyfile, DOMAIN, UPSTREAM, the published ports), as plain run commands.
/** compose.yaml's app service: its settings, volume and read-only root. */
const appSettings = (/** @type {Pass} */ pass) => [
  ...quirks.limits,
  '--env',
  `SITE_URL=${pass.siteUrl}`,
  '--env',
  'TRUST_PROXY=1',
  '--env',
  'HOST=0.0.0.0',
  '--env',
  'PORT=4321',
  '--env',
  'DATABASE_URL=file:/data/app.db',
  // The https pass is a public site without Stripe: invoices must say how to pay or it will not start.
  '--env',
  'INVOICE_BANK_DETAILS=Palmetto Web Studio LLC; Example Bank; Routing 000000000; Account 0000000000',
  '--volume',
  `${NAMES.volume}:/data`,
  '--read-only',
  '--tmpfs',
  '/tmp',
];

/** @param {Pass} pass */
function startApp(pass) {
  return rtOk([
    'run',
    '--detach',
    '--name',
    NAMES.app,
    '--network',
    NAMES.network,
    '--network-alias',
    'app',
    ...appSettings(pass),
    pass.image,
  ]);
}

/** A one-off command beside the stopped app, as `docker compose run --rm --no-deps app …`. */
/** @type {(pass: Pass, command: string[]) => string} */
const runOnce = (pass, command) => rtOk(['run', '--rm', ...appSettings(pass), pass.image, ...command]);

/** @param {Pass} pass @param {string} caddyImage */
function startProxy(pass, caddyImage) {
  return rtOk([
    'run',
    '--detach',
    ...quirks.limits,
    '--name',
    NAMES.proxy,
    '--network',
    NAMES.network,
    '--env',
    `DOMAIN=${pass.domain}`,
    '--env',
    'UPSTREAM=app:4321',
    ...pass.publish.flatMap((p) => ['--publish', p]),
    '--volume',
    `${join(ROOT, 'deploy', 'Caddyfile')}:/etc/caddy/Caddyfile:ro${podman ? ',z' : ''}`,
    caddyImage,
  ]);
}

/** One request through Caddy (node:http/https: the https pass trusts Caddy's local CA only). */
/**
 * @param {Pass} pass @param {string} path
 * @param {{ method?: string, headers?: Record<string, string>, body?: string }} [options]
 * @returns {Promise<{ status: number | undefined, headers: import('node:http').IncomingHttpHeaders, text: string }>}
 */
function request(pass, path, { method = 'GET', headers = {}, body } = {}) {
  const url = new URL(path, pass.siteUrl);
  const client = pass.https ? https : http;
  return new Promise((resolveRequest, reject) => {
    const req = client.request(url, { method, headers, ca: pass.ca, timeout: 10_000 }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolveRequest({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * @template T
 * @param {string} what
 * @param {() => Promise<{ ok: true, value: T } | { ok: false, last: string }>} attempt
 * @returns {Promise<T>}
 */
async function waitFor(what, attempt, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const outcome = await attempt();
      if (outcome.ok) return outcome.value;
      last = outcome.last;
    } catch (error) {
      const failure = /** @type {{ code?: string, message?: string } | undefined} */ (error);
      last = String(failure?.code ?? failure?.message ?? error);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new SmokeFailure(`${what} (last: ${last})\n${diagnostics()}`);
}

/** The https pass: Caddy issues its certificate at start; read its local root to trust it. */
/** @param {Pass} pass */
async function readCaddyRoot(pass) {
  if (!pass.https) return;
  pass.ca = await waitFor('Caddy never made its local CA', async () => {
    const result = rt(['exec', NAMES.proxy, 'cat', '/data/caddy/pki/authorities/local/root.crt']);
    return result.status === 0 && result.stdout.includes('BEGIN CERTIFICATE')
      ? { ok: true, value: result.stdout }
      : { ok: false, last: result.stderr.trim() };
  });
}

const waitForHealth = (/** @type {Pass} */ pass) =>
  waitFor('/healthz through Caddy never answered 200', async () => {
    const res = await request(pass, '/healthz');
    return res.status === 200
      ? { ok: true, value: JSON.parse(res.text) }
      : { ok: false, last: `${res.status} ${res.text}` };
  });

/** The containers' states and the end of both logs, for a failure message. */
function diagnostics() {
  const tailOf = (/** @type {string} */ name) => {
    const result = rt(['logs', '--tail', '20', name]);
    return `--- ${name} (last lines) ---\n${result.stdout}${result.stderr}`;
  };
  const states = rt(['ps', '--all', '--filter', `name=${NAMES.app}`, '--filter', `name=${NAMES.proxy}`]).stdout;
  return `${states}\n${tailOf(NAMES.app)}\n${tailOf(NAMES.proxy)}`;
}

const appLogs = () => {
  const result = rt(['logs', NAMES.app]);
  return `${result.stdout}${result.stderr}`;
};

/** The request lines the app logged (pino JSON, one per request). */
function requestLines() {
  return appLogs()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      try {
        return JSON.parse(line);
      } catch {
        return null;
      }
    })
    .filter((entry) => entry?.msg === 'request');
}

/** @param {string} name */
function containerAddress(name) {
  const json = JSON.parse(rtOk(['inspect', name]))[0];
  const networks = json.NetworkSettings?.Networks ?? {};
  return networks[NAMES.network]?.IPAddress ?? Object.values(networks)[0]?.IPAddress;
}

function healthcheckPasses() {
  if (podman) return rt(['healthcheck', 'run', NAMES.app], { timeout: 30_000 }).status === 0;
  // docker runs the HEALTHCHECK itself: read its verdict.
  return rtOk(['inspect', '--format', '{{.State.Health.Status}}', NAMES.app]) === 'healthy';
}

/** How many contact messages the app's database holds from `email`. */
/** @param {string} email */
function messages(email) {
  const count = rtOk([
    'exec',
    NAMES.app,
    'node',
    '--input-type=module',
    '-e',
    `import { createClient } from '@libsql/client';
     const db = createClient({ url: process.env.DATABASE_URL });
     const r = await db.execute({ sql: 'select count(*) as n from contact_messages where email = ?', args: [process.argv[1]] });
     console.log(r.rows[0].n);`,
    email,
  ]);
  return Number(count);
}

const contactBody = (/** @type {string} */ email) =>
  JSON.stringify({ name: 'Smoke Test', email, message: `Container smoke test at ${new Date().toISOString()}.` });

/** @param {Pass} pass @param {{ node: string, caddy: string }} images */
async function runPass(pass, images) {
  const tag = `[${pass.mode}]`;
  buildApp(pass, images.node);
  tearDown();
  rtOk(['network', 'create', NAMES.network]);
  rtOk(['volume', 'create', NAMES.volume]);
  startApp(pass);
  startProxy(pass, images.caddy);
  const upFrom = Date.now();
  await readCaddyRoot(pass);
  const health = await waitForHealth(pass);
  log(
    `${tag} 1. ${pass.siteUrl}/healthz through Caddy: 200 ${JSON.stringify(health)} (${seconds(upFrom)} after start)`,
  );

  let healthy = healthcheckPasses();
  for (let i = 0; !healthy && !podman && i < 40; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    healthy = healthcheckPasses();
  }
  check(healthy, 'the image HEALTHCHECK does not pass');
  log(`${tag}    the image HEALTHCHECK passes`);

  const home = await request(pass, '/');
  check(home.status === 200 && home.text.includes(BRAND), `GET / answered ${home.status} without "${BRAND}"`);
  check(!home.headers.server, `Caddy's Server header is still sent: ${home.headers.server}`);
  if (pass.https) {
    check(home.headers['strict-transport-security'], 'no HSTS header on https');
    const plain = await request({ ...pass, https: false, siteUrl: `http://localhost:${PORT}` }, '/contact');
    check(
      plain.status !== undefined &&
        plain.status >= 300 &&
        plain.status < 400 &&
        plain.headers.location?.startsWith('https://localhost'),
      `http is not redirected to https: ${plain.status} ${plain.headers.location}`,
    );
  }
  log(
    `${tag} 2. GET /: 200, ${home.text.length} bytes, brand present${pass.https ? ', HSTS on, http redirects to https' : ''}`,
  );

  // As a browser posts the form: Origin (and, in every current browser, Sec-Fetch-Site).
  const browser = { 'content-type': 'application/json', origin: pass.siteUrl, 'sec-fetch-site': 'same-origin' };
  const email = `smoke-${pass.mode}@example.com`;
  const contact = await request(pass, '/api/contact', {
    method: 'POST',
    headers: { ...browser, 'x-forwarded-for': FORGED_CLIENT },
    body: contactBody(email),
  });
  check(contact.status === 201, `POST /api/contact answered ${contact.status}: ${contact.text}`);
  // An older browser sends Origin without Sec-Fetch-Site: the app compares it with its own origin.
  const { 'sec-fetch-site': _, ...originOnly } = browser;
  const older = await request(pass, '/api/contact', {
    method: 'POST',
    headers: originOnly,
    body: contactBody(`older-${email}`),
  });
  check(
    older.status === 201,
    `POST /api/contact with Origin only (older browsers) answered ${older.status}: ${older.text}`,
  );
  const foreign = await request(pass, '/api/contact', {
    method: 'POST',
    headers: { ...originOnly, origin: 'https://evil.example' },
    body: contactBody(`foreign-${email}`),
  });
  check(foreign.status === 403, `a cross-site POST (Origin https://evil.example) answered ${foreign.status}, not 403`);
  log(
    `${tag} 3. POST /api/contact through Caddy: 201 ${contact.text}; with Origin only: 201; from another origin: 403`,
  );

  const proxyAddress = containerAddress(NAMES.proxy);
  const post = requestLines().find((l) => l.method === 'POST' && l.path === '/api/contact');
  check(post, `the app logged no request line for the contact post:\n${appLogs().slice(-3000)}`);
  check(post.ip !== FORGED_CLIENT, `the app believed the client's forged X-Forwarded-For (${post.ip})`);
  check(
    post.ip !== proxyAddress,
    `the app logged Caddy's own address (${post.ip}): TRUST_PROXY or the proxy headers are wrong`,
  );
  check(/^[0-9a-f.:]+$/i.test(post.ip ?? ''), `the logged client address is not an address: ${post.ip}`);
  log(
    `${tag} 4. client address logged by the app: ${post.ip} (Caddy is ${proxyAddress}; forged ${FORGED_CLIENT} ignored)`,
  );

  // Replace the app container, as an upgrade does: the message must still be in the volume.
  rtOk(['stop', '--time', '15', NAMES.app]);
  rtOk(['rm', NAMES.app]);
  startApp(pass);
  await waitForHealth(pass);
  check(messages(email) === 1, `after replacing the app container the contact message is gone`);
  log(`${tag} 5. the message survived replacing the app container (data volume)`);

  // docs/operations.md, Updates: a backup first; going back is db:restore with the app stopped.
  const backup = rtOk(['exec', NAMES.app, 'npm', 'run', '--silent', 'db:backup']);
  const backupDir = /backup written: (\S+)/.exec(backup)?.[1];
  if (!backupDir) throw new SmokeFailure(`npm run db:backup wrote no backup: ${backup}`);
  const later = `later-${email}`;
  const after = await request(pass, '/api/contact', { method: 'POST', headers: browser, body: contactBody(later) });
  check(after.status === 201, `POST /api/contact after the backup answered ${after.status}`);
  rtOk(['stop', '--time', '15', NAMES.app]);
  runOnce(pass, ['npm', 'run', '--silent', 'db:restore', '--', backupDir, '--force']);
  rtOk(['start', NAMES.app]);
  await waitForHealth(pass);
  check(messages(email) === 1 && messages(later) === 0, 'after db:restore the database is not the one of the backup');
  log(`${tag} 6. db:backup in the running container, db:restore beside the stopped one: ${backupDir}`);
  tearDown();
}

async function main() {
  log(`runtime: ${runtimeName}`);
  const images = baseImages();
  log(`base images: ${images.node}, ${images.caddy}`);
  const modes = (process.env.SMOKE_MODES || 'http,https').split(',').map((m) => m.trim());
  for (const mode of modes) {
    check(mode === 'http' || mode === 'https', `SMOKE_MODES: http, https or both (http,https), not "${mode}"`);
    await runPass(passFor(mode), images);
  }
}

let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(
    `[container-smoke] FAILED: ${error instanceof SmokeFailure ? error.message : (/** @type {Error | undefined} */ (error)?.stack ?? error)}`,
  );
} finally {
  if (process.env.SMOKE_KEEP === '1') {
    log(
      `left running (SMOKE_KEEP=1); remove with: ${runtimeName} rm -f ${NAMES.proxy} ${NAMES.app}; ${runtimeName} network rm ${NAMES.network}; ${runtimeName} volume rm ${NAMES.volume}`,
    );
  } else {
    tearDown();
  }
}
log(failed ? 'failed' : `passed in ${seconds()}`);
process.exit(failed ? 1 : 0);
