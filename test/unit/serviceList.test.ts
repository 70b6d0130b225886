// The known services from the settings' raw values: the base URL first and unchanged, the
// further services once each, the workspace's choice of the first one among known ones only.
import { strict as assert } from 'node:assert';
import { findService, knownServices, readEntries, SERVICE_COLORS, serviceBadges, serviceColor, withEntry, withoutEntry } from '../../src/serviceList';

const raw = (over: Partial<Parameters<typeof knownServices>[0]> = {}) => ({ baseUrl: '', services: [], firstService: '', allowInsecureHttp: false, ...over });

describe('service list', () => {
  it('is the base URL alone for an existing single-service user (id = the API root sessions are keyed by)', () => {
    const list = knownServices(raw({ baseUrl: 'https://apphost.example.com' }));
    assert.equal(list.length, 1);
    assert.deepEqual(
      { id: list[0].id, url: list[0].url, name: list[0].name, isBase: list[0].isBase, named: list[0].named },
      { id: 'https://apphost.example.com/api/v1', url: 'https://apphost.example.com', name: 'apphost.example.com', isBase: true, named: false },
    );
  });

  it('is empty with nothing configured', () => {
    assert.deepEqual(knownServices(raw()), []);
  });

  it('lists further services after the base URL, each once by API root; an entry with the base address only names it', () => {
    const list = knownServices(raw({
      baseUrl: 'https://a.example.com/',
      services: [
        { url: 'https://b.example.com:8443/api/v1', name: ' Staging ' },
        { url: 'https://a.example.com/api/v1', name: 'Production' },
        { url: 'https://b.example.com:8443', name: 'duplicate' },
        { url: 'http://c.example.com' }, // plain http to another host: refused, left out
        { name: 'no url' },
        'https://d.example.com',
        42,
      ],
    }));
    assert.deepEqual(list.map((s) => [s.id, s.name, s.isBase]), [
      ['https://a.example.com/api/v1', 'Production', true],
      ['https://b.example.com:8443/api/v1', 'Staging', false],
      ['https://d.example.com/api/v1', 'd.example.com', false],
    ]);
  });

  it('lets a workspace choose which known service shows first (by address or name); an unknown one is ignored', () => {
    const services = [{ url: 'https://b.example.com', name: 'Staging' }];
    const base = 'https://a.example.com';
    assert.deepEqual(knownServices(raw({ baseUrl: base, services, firstService: 'staging' })).map((s) => s.name), ['Staging', 'a.example.com']);
    assert.deepEqual(knownServices(raw({ baseUrl: base, services, firstService: 'https://b.example.com/api/v1/' })).map((s) => s.name), ['Staging', 'a.example.com']);
    assert.deepEqual(knownServices(raw({ baseUrl: base, services, firstService: 'https://evil.example.com' })).map((s) => s.name), ['a.example.com', 'Staging']);
    assert.deepEqual(knownServices(raw({ baseUrl: base, services, firstService: 7 })).map((s) => s.name), ['a.example.com', 'Staging']);
  });

  it('gives each service a stable chart colour from its id', () => {
    const id = 'https://a.example.com/api/v1';
    assert.equal(serviceColor(id), serviceColor(id));
    assert.ok((SERVICE_COLORS as readonly string[]).includes(serviceColor(id)));
    const [a] = knownServices(raw({ baseUrl: 'https://a.example.com' }));
    const [again] = knownServices(raw({ services: [{ url: 'https://a.example.com/api/v1/', name: 'A' }] }));
    assert.equal(a.color, again.color, 'the same service has the same colour however it is spelled or named');
    const colours = new Set(Array.from({ length: 40 }, (_, i) => serviceColor(`https://host${i}.example.com/api/v1`)));
    assert.equal(colours.size, SERVICE_COLORS.length, 'the hash spreads over every colour');
  });

  it('finds a service by address in any spelling or by name', () => {
    const list = knownServices(raw({ baseUrl: 'https://a.example.com', services: [{ url: 'https://b.example.com', name: 'Staging' }] }));
    assert.equal(findService(list, 'b.example.com', false)?.name, 'Staging');
    assert.equal(findService(list, 'STAGING', false)?.id, 'https://b.example.com/api/v1');
    assert.equal(findService(list, '  ', false), undefined);
  });

  it('adds, renames and removes entries, keeping the others as they were', () => {
    const stored = [{ url: 'https://b.example.com', name: 'B' }, { url: 'https://c.example.com' }];
    assert.deepEqual(withEntry(stored, { url: 'https://d.example.com', name: 'D' }, false), [...stored, { url: 'https://d.example.com', name: 'D' }]);
    assert.deepEqual(withEntry(stored, { url: 'https://c.example.com/api/v1', name: 'C' }, false), [stored[0], { url: 'https://c.example.com', name: 'C' }]);
    assert.deepEqual(withEntry(stored, { url: 'https://b.example.com' }, false), [{ url: 'https://b.example.com' }, stored[1]]);
    assert.deepEqual(withoutEntry(stored, 'https://b.example.com/api/v1', false), [stored[1]]);
    assert.deepEqual(readEntries('not a list'), []);
  });
});

describe('service badges', () => {
  const badges = (...names: string[]) => [...serviceBadges(names.map((name, i) => ({ id: `id${i}`, name }))).values()];

  it('are the initials of a name of several words, else its first two letters', () => {
    assert.deepEqual(badges('Acme production', 'Staging'), ['AP', 'St']);
  });

  it('stay distinct when names begin alike: the clashing ones move on together, the others keep theirs', () => {
    assert.deepEqual(badges('Acme production', 'Staging', 'Stable'), ['AP', 'Sg', 'Se']);
    assert.deepEqual(badges('localhost:3001', 'localhost:3002'), ['L1', 'L2']);
    assert.deepEqual(badges('127.0.0.1:3001', '127.0.0.1:3002'), ['11', '12']);
  });

  it('are one or two characters (a letter outside ASCII counts as one), "?" for a name without letters; the same name, the same badge', () => {
    assert.deepEqual(badges('Ünïcode', '東京', '---'), ['Ün', '東京', '?']);
    assert.deepEqual(badges('Same', 'Same'), ['Sa', 'Sa'], 'nothing tells them apart: their colour and tooltip do');
    for (const badge of badges('a', 'b c', 'x.example.com', 'x.example.org')) assert.ok(Array.from(badge).length <= 2, badge);
  });
});
