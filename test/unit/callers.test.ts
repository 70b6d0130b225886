// Who a command runs for (src/callers.ts): "the user" is a capability AppHost
// mints (a row the view showed, a fresh object per hand-over), never an object VS Code
// also gives other extensions, and never inherited from what surrounds a call.
import assert from 'node:assert/strict';
import { commandCaller, handedUri, handOver, handUri, isVouched, vouch, type Caller } from '../../src/callers';

/** The shape of a vscode.Uri: VS Code hands every extension the same ones (workspaceFolders[i].uri). */
class SharedUri {
  constructor(readonly scheme: string, readonly authority: string, readonly path: string) {}
  get fsPath(): string {
    return this.path;
  }
  with(change: Partial<SharedUri>): SharedUri {
    return new SharedUri(change.scheme ?? this.scheme, change.authority ?? this.authority, change.path ?? this.path);
  }
}

/** A row of the Resources view (a node class of tree/). */
class Row {
  readonly id = 'https://a.example/api/v1/personal/apps/shop';
  commandTarget() {
    return { kind: 'app', app: madeUp() };
  }
}

const madeUp = () => ({ service: 'https://a.example/api/v1', workspace: undefined, id: 'app-1', name: 'shop' });
const folderUri = new SharedUri('file', '', '/home/me/shop');

describe('actions: who a command runs for', () => {
  it('a row the view showed acts as the user; an object of the same shape does not', () => {
    assert.equal(commandCaller([vouch(new Row())]), 'user');
    assert.equal(commandCaller([new Row()]), 'other');
    assert.equal(commandCaller([madeUp()]), 'other');
  });

  it('a Uri VS Code shares is never vouched for: given to a command, AppHost asks', () => {
    assert.throws(() => vouch(folderUri), /only for objects it made/);
    assert.equal(isVouched(folderUri), false);
    assert.equal(commandCaller([folderUri]), 'other');
    // Nor a document, a workspace folder or a terminal: every extension gets the same objects.
    for (const shared of [{ uri: folderUri, getText: () => '' }, { uri: folderUri, name: 'shop', index: 0 }, { name: 'bash', sendText: () => undefined }]) {
      assert.throws(() => vouch(shared), /only for objects it made/);
      assert.equal(commandCaller([shared]), 'other');
    }
  });

  it('a Uri AppHost hands over goes in a fresh wrapper, one per hand-over; a look-alike wrapper proves nothing', () => {
    const first = handUri(folderUri);
    const second = handUri(folderUri);
    assert.notEqual(first, second);
    assert.equal(commandCaller([first]), 'user');
    assert.equal(handedUri(first), folderUri);
    assert.equal(commandCaller([folderUri]), 'other', 'the Uri itself stays unvouched');
    const lookAlike = { uri: folderUri };
    assert.equal(commandCaller([lookAlike]), 'other');
    assert.equal(handedUri(lookAlike), undefined);
  });

  it('a nested call of AppHost\'s own hands a fresh copy: the object it was given stays unvouched', () => {
    const app = madeUp();
    const handed = handOver(app);
    assert.notEqual(handed, app);
    assert.deepEqual(handed, app);
    assert.equal(commandCaller([handed]), 'user');
    assert.equal(isVouched(app), false, 'whoever else holds the original gets nothing');
    const row = vouch(new Row());
    assert.equal(handOver(row), row, 'a row the view showed goes as it is');
    assert.equal(handedUri(handOver(folderUri)), folderUri, 'a Uri goes wrapped');
    assert.equal(handOver('https://a.example/api/v1'), 'https://a.example/api/v1');
    assert.equal(commandCaller(['https://a.example/api/v1']), 'other', 'a plain value proves nothing');
    assert.throws(() => handOver(new Row()), /plain objects/);
  });

  it('code started by someone else inside a user\'s run is not the user: a foreign handler, after an await, in a timer', async () => {
    // A user's command: the runner judges its row. While it runs, AppHost calls a command it
    // does not own (workbench.*), whose handler another extension registered; that handler
    // runs AppHost's Stop with a made-up target, at once, after an await, and from a timer.
    const seen: Caller[] = [];
    const foreignHandler = async (...given: unknown[]) => {
      seen.push(commandCaller([madeUp()]));
      await Promise.resolve();
      seen.push(commandCaller([madeUp()]));
      await new Promise<void>((done) => setTimeout(() => {
        seen.push(commandCaller([madeUp()]));
        // What AppHost gave the foreign command is no capability either.
        seen.push(commandCaller(given));
        done();
      }, 1));
    };
    const row = vouch(new Row());
    assert.equal(commandCaller([row]), 'user');
    // The user's run goes on meanwhile: it hands the foreign command only plain arguments.
    await foreignHandler('gettingStarted', folderUri);
    assert.deepEqual(seen, ['other', 'other', 'other', 'other']);
  });

  it('the palette passes nothing: anyone can, so what acts on nothing without a picker asks itself', () => {
    // The decision is the palette's (no AppHost question); deploy, reveal and sign out ask their own.
    assert.equal(commandCaller([]), 'user');
    assert.equal(commandCaller([undefined]), 'user');
  });
});
