// What a service was found not to offer among the endpoints wokku serves beyond the
// specification (an older wokku, or a service that follows only the specification). Pure:
// the connection keeps one per service, the tree reads it for its rows' flags and parts.

/** The capabilities beyond the specification, each one or more endpoints of wokku v0.1.0. */
export type BeyondSpec = 'run' | 'rebuild' | 'buildpacks' | 'backupDownload' | 'backupRestore' | 'databaseImport' | 'github' | 'previews' | 'diagnose';

export const BEYOND_SPEC: readonly BeyondSpec[] = ['run', 'rebuild', 'buildpacks', 'backupDownload', 'backupRestore', 'databaseImport', 'github', 'previews', 'diagnose'];

/**
 * The capabilities one service lacks, learnt from a 404 (for the rest of the window: a
 * service upgraded meanwhile offers them again after a reload).
 */
export class ServiceOffers {
  private readonly lacking = new Set<BeyondSpec>();
  private readonly listeners = new Set<(feature: BeyondSpec) => void>();

  lacks(feature: BeyondSpec): boolean {
    return this.lacking.has(feature);
  }

  /** Records that the service lacks it; true the first time (to say so once). */
  markLacking(feature: BeyondSpec): boolean {
    if (this.lacking.has(feature)) return false;
    this.lacking.add(feature);
    for (const listener of this.listeners) listener(feature);
    return true;
  }

  /** Forgets what was learnt (another service now answers at this connection's address). */
  clear(): void {
    const lacked = [...this.lacking];
    this.lacking.clear();
    for (const feature of lacked) for (const listener of this.listeners) listener(feature);
  }

  /** `lacks-<feature>` row flags, for menus (`!(viewItem =~ /:lacks-run\b/)`). */
  flags(): string[] {
    return [...this.lacking].map((f) => `lacks-${f}`);
  }

  /** A capability was found lacking, or is offered again (clear). */
  onDidChange(listener: (feature: BeyondSpec) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }
}
