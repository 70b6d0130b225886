// Where a path inside the app's container is in the folder linked to the app. Dokku's
// builders (herokuish, Cloud Native Buildpacks, a Dockerfile's usual WORKDIR) put the
// app at `/app`, so `/app/src/x.js` is `src/x.js` of the linked folder. The setting
// `apphost.logs.sourceRoots` maps other container prefixes, or `/app` itself in a
// monorepo whose app is built from a subfolder:
//   { "/app": "services/api", "/srv/shared": "packages/shared" }

/** Container prefix → folder-relative path ('' is the folder's root). */
export type SourceRoots = Readonly<Record<string, string>>;

/** Dokku's default: the app's root is `/app`. */
export const DEFAULT_SOURCE_ROOTS: SourceRoots = { '/app': '' };

/**
 * The path of a frame relative to the linked folder, or undefined when no prefix maps it
 * (a library of the image, the runtime) or it would leave the folder (`..`).
 * A relative frame path is relative to the app's root, i.e. to `/app`.
 */
export function folderPathOf(containerPath: string, roots: SourceRoots = DEFAULT_SOURCE_ROOTS): string | undefined {
  const absolute = containerPath.startsWith('/') ? containerPath : `/app/${containerPath}`;
  // Normalized prefixes (no slashes at either end), the longest first: the most specific wins.
  const map = new Map<string, string>();
  for (const [prefix, target] of Object.entries({ ...DEFAULT_SOURCE_ROOTS, ...roots })) map.set(trimSlashes(prefix), trimSlashes(target));
  for (const prefix of [...map.keys()].sort((a, b) => b.length - a.length)) {
    if (prefix === '' || !absolute.startsWith(`/${prefix}/`)) continue;
    return safeJoin(map.get(prefix)!, absolute.slice(prefix.length + 2));
  }
  return undefined;
}

/** `a/b` + `c/d.js`, refusing `.` and `..` segments (a log line must not point outside the folder). */
function safeJoin(base: string, rest: string): string | undefined {
  const segments = [...base.split('/'), ...rest.split('/')].filter((s) => s !== '');
  if (segments.length === 0 || segments.some((s) => s === '.' || s === '..')) return undefined;
  return segments.join('/');
}

function trimSlashes(p: string): string {
  return p.replace(/^\/+|\/+$/g, '');
}

/** The setting's value, keeping only string → string entries with an absolute prefix. */
export function readSourceRoots(value: unknown): SourceRoots {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, string> = {};
  for (const [prefix, target] of Object.entries(value as Record<string, unknown>)) {
    if (typeof target === 'string' && prefix.startsWith('/') && trimSlashes(prefix) !== '') out[`/${trimSlashes(prefix)}`] = target;
  }
  return out;
}
