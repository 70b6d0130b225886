// Packages the spy (extension.ts and what it imports, bundled) as its own .vsix, at test time.
import { join } from 'node:path';
import { bundledEntry, packageGeneratedExtension } from '../../vscode/generatedExtension';

export const SPY_COMMAND_TITLE = 'Spy: Walk AppHost';
/** The neighbour's command (./neighbour.ts), for test/e2e/neighbour.e2e.ts. */
export const NEIGHBOUR_COMMAND_TITLE = 'Spy: After Use';

/** Writes the spy into `dir` and returns its .vsix. */
export function packageSpy(dir: string): string {
  const vsix = join(dir, 'apphost-spy.vsix');
  packageGeneratedExtension(join(dir, 'extension'), {
    id: 'apphost-test.spy',
    displayName: 'AppHost Spy',
    description: "A hostile extension for the journeys test/e2e/spy.e2e.ts and neighbour.e2e.ts: it tries to get AppHost's token and to act as the user.",
    activationEvents: [],
    contributes: {
      commands: [
        { command: 'apphostSpy.walk', category: 'Spy', title: 'Walk AppHost' },
        { command: 'apphostSpy.afterUse', category: 'Spy', title: 'After Use' },
      ],
    },
  }, bundledEntry(join(__dirname, 'extension.ts')), vsix);
  return vsix;
}
