// What the test model (extension.ts) and the tests that use it agree on; no `vscode` here,
// so the UI journeys (plain Node) import it too.
import { join } from 'node:path';

export const VENDOR = 'apphost-test';
export const MODEL_NAME = 'Test Model';
/** The environment variable naming the folder where the model keeps its prompts and reads its behaviour. */
export const MODEL_DIR_ENV = 'APPHOST_TEST_MODEL_DIR';

/**
 * What the model's next requests do. `answer`: streams a short Markdown answer naming the
 * prompt's length; `fail`: throws an Error; `blocked`, `no-permissions`, `not-found`: throws
 * that LanguageModelError; `wait`: sends a few words, then nothing until the request is cancelled;
 * `hold`: answers as `answer` once the release file is there (a test lets it answer once it
 * has seen what shows while a model thinks, as a real one takes its time).
 */
export type Behaviour = 'answer' | 'fail' | 'blocked' | 'no-permissions' | 'not-found' | 'wait' | 'hold';

/** The file in the model's folder that holds its behaviour (absent: answer). */
export const behaviourFile = (dir: string): string => join(dir, 'behaviour');
/** The file that lets a holding model answer. */
export const releaseFile = (dir: string): string => join(dir, 'release');
/** The text of the model's n-th request (from 1). */
export const promptFile = (dir: string, n: number): string => join(dir, `prompt-${n}.txt`);

/** The answer to a prompt of this many characters (the test finds it in the diagnosis). */
export function answerFor(promptLength: number): string {
  return `**${MODEL_NAME}** read a prompt of ${promptLength} characters.\n\n- Fix the first error of the log.\n- Deploy again.`;
}

/** The few words a waiting model sends before it waits. */
export const WAITING_WORDS = 'Thinking about the log';
