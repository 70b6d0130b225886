// Packages the test language model (extension.ts and what it imports, bundled) as its own
// .vsix at test time: the integration runs and the UI journeys install it beside AppHost.
import { join } from 'node:path';
import { bundledEntry, packageGeneratedExtension, type GeneratedManifest } from '../generatedExtension';
import { VENDOR } from './protocol';

const MANIFEST: GeneratedManifest = {
  id: 'apphost-test.model',
  displayName: 'AppHost Test Model',
  description: 'A language model for the tests of Diagnose Failure: it answers from the prompt it got and keeps the prompt for the test.',
  // VS Code activates it on onLanguageModelChatProvider:<vendor>, generated from the contribution.
  activationEvents: [],
  contributes: { languageModelChatProviders: [{ vendor: VENDOR, displayName: 'AppHost Test' }] },
};

/** Writes the test model under `dir` and returns its .vsix. */
export function packageTestModel(dir: string): string {
  const vsix = join(dir, 'apphost-test-model.vsix');
  packageGeneratedExtension(join(dir, 'extension'), MANIFEST, bundledEntry(join(__dirname, 'extension.ts')), vsix);
  return vsix;
}
