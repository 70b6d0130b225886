// The Getting Started walkthrough of the manifest: its steps, pictures, links and completion events
// name what exists (commands, settings, views, context keys the code sets).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BUILT_IN_COMMANDS, ROOT, commandLinks, contextKeysOf, contextKeysSetByCode, contributes, declaredCommands, english, generatedCommands, manifest, PLACEHOLDER, walkthroughs,
} from './support/manifestFacts';

describe('manifest', () => {
  describe('Getting Started walkthrough', () => {
    const settings = new Set(Object.keys(contributes.configuration.properties));
    const views = new Set(Object.values(contributes.views as Record<string, { id: string }[]>).flat().map((v) => v.id));
    const setByCode = contextKeysSetByCode();
    const steps = walkthroughs.flatMap((w) => w.steps.map((step) => ({ walkthrough: w.id, ...step })));
    /** A command the manifest may link to or wait for: ours, or one VS Code provides. */
    const knownCommand = (id: string) => declaredCommands.has(id) || BUILT_IN_COMMANDS.has(id) || generatedCommands().has(id);

    it('contributes one walkthrough, opened by apphost.walkthrough.open, with titled steps and a button each', () => {
      assert.equal(walkthroughs.length, 1, 'one walkthrough (UX guidelines: no more unless necessary)');
      assert.ok(declaredCommands.has('apphost.walkthrough.open'));
      const source = readFileSync(join(ROOT, 'src', 'commands', 'account.ts'), 'utf8');
      assert.match(source, new RegExp(`WALKTHROUGH_ID = '${walkthroughs[0].id}'`), 'the command opens this walkthrough');
      assert.ok(steps.length >= 4 && steps.length <= 8, `${steps.length} steps: a short checklist`);
      assert.equal(new Set(steps.map((s) => s.id)).size, steps.length, 'step ids are unique');
      for (const step of steps) {
        assert.ok(english(step.title).trim(), `${step.id}: title`);
        const buttons = english(step.description).split('\n').filter((line) => /^\[[^\]]+\]\(command:[^)]+\)$/.test(line.trim()));
        assert.ok(buttons.length >= 1, `${step.id}: a line with a lone command link, which VS Code shows as a button`);
      }
    });

    it('illustrates every step with a small, self-contained SVG of media/walkthrough/ that the VSIX ships', () => {
      for (const step of steps) {
        const kinds = (['image', 'svg', 'markdown'] as const).filter((k) => step.media[k] !== undefined);
        assert.equal(kinds.length, 1, `${step.id}: exactly one media kind`);
        const image = step.media.image;
        const files = typeof image === 'object' ? Object.values(image) : [image ?? step.media.svg ?? step.media.markdown!];
        for (const file of files) {
          assert.match(file, /^media\/walkthrough\/[\w.-]+\.(svg|png|md)$/, `${step.id}: ${file} lies in media/walkthrough/ (shipped by !media/**)`);
          const path = join(ROOT, file);
          assert.ok(existsSync(path), `${step.id}: ${file} exists`);
          const bytes = readFileSync(path);
          assert.ok(bytes.length < 40_000, `${step.id}: ${file} is small (${bytes.length} bytes)`);
          if (file.endsWith('.svg')) {
            const svg = bytes.toString('utf8');
            assert.match(svg, /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 0 \d+ \d+"/, `${file}: an <svg> root with a viewBox`);
            // Walkthrough SVGs are inlined into a webview whose CSP allows no scripts, no inline styles and no remote content.
            assert.doesNotMatch(svg, /<script|<style|\sstyle=|\son\w+=|<image|<foreignObject|url\(\s*['"]?https?:|href="(?!#)/i, `${file}: nothing the webview would block`);
            // Colours come from the theme (var(--vscode-…)), so the picture suits light, dark and high-contrast themes.
            assert.match(svg, /var\(--vscode-[\w-]+/, `${file}: theme colours`);
          }
        }
        if (step.media.image || step.media.svg) assert.match(step.media.altText ?? '', PLACEHOLDER, `${step.id}: a localized altText`);
      }
    });

    it('links only to commands that are contributed or built into VS Code (walkthrough and welcome views)', () => {
      const texts = [
        ...walkthroughs.map((w) => ({ where: `walkthrough ${w.id}`, text: english(w.description) })),
        ...steps.map((s) => ({ where: `step ${s.id}`, text: english(s.description) })),
        ...(contributes.viewsWelcome as { view: string; contents: string }[]).map((v) => ({ where: `viewsWelcome ${v.view}`, text: english(v.contents) })),
      ];
      const links = texts.flatMap(({ where, text }) => commandLinks(text).map((id) => ({ where, id })));
      assert.ok(links.some((l) => l.id === 'apphost.walkthrough.open' && l.where.startsWith('viewsWelcome apphost.resources')), 'the signed-out welcome view links to the walkthrough');
      const unknown = links.filter((l) => !knownCommand(l.id)).map((l) => `${l.where}: ${l.id}`);
      assert.deepEqual(unknown, [], 'command links to commands that do not exist');
      for (const { where, text } of texts) {
        const all = [...text.matchAll(/\]\(command:([^)]*)\)/g)].map((m) => m[1]);
        assert.equal(all.length, commandLinks(text).length, `${where}: every command link is well-formed`);
      }
    });

    it('completes steps on well-formed events about real commands, settings, views and context keys', () => {
      for (const step of steps) {
        const events = step.completionEvents ?? [];
        assert.ok(events.length, `${step.id}: explicit completion events`);
        for (const event of events) {
          const [, kind, arg] = /^(\w+):(.+)$/.exec(event) ?? [];
          const where = `${step.id}: ${event}`;
          switch (kind) {
            case 'onCommand': assert.ok(knownCommand(arg), `${where}: a command that exists`); break;
            case 'onSettingChanged': assert.ok(settings.has(arg), `${where}: a contributed setting`); break;
            case 'onView': assert.ok(views.has(arg), `${where}: a contributed view`); break;
            case 'onLink': assert.match(arg, /^https:\/\//, where); break;
            case 'onContext': {
              const keys = contextKeysOf(arg);
              assert.ok(keys.length, `${where}: refers to a context key`);
              for (const key of keys) {
                const setting = key.startsWith('config.') ? key.slice('config.'.length) : undefined;
                assert.ok(setting ? settings.has(setting) : setByCode.has(key), `${where}: ${key} is ${setting ? 'a contributed setting' : 'set by the extension (setContext)'}`);
              }
              break;
            }
            default: assert.fail(`${where}: onCommand, onSettingChanged, onView, onContext or onLink expected`);
          }
        }
      }
    });

    it('is not opened by the extension itself: no activation event for it', () => {
      for (const event of manifest.activationEvents ?? []) assert.doesNotMatch(event, /^onWalkthrough/);
      const sources = readdirSync(join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
      const callers = sources.filter((f) => readFileSync(join(ROOT, 'src', f), 'utf8').includes('workbench.action.openWalkthrough'));
      assert.deepEqual(callers, [join('commands', 'account.ts')], 'only the Get Started command opens it');
    });
  });
});
