import { describe, expect, it } from 'vitest';
import { parseQuery } from './query';

const parse = (qs: string) => parseQuery(new URLSearchParams(qs));

describe('parsing PostgREST query parameters', () => {
  it('reads select lists with aliases, order with nulls placement, limit and offset', () => {
    const q = parse('select=id,t:title&order=id.desc,title.asc.nullsfirst&limit=10&offset=20');
    expect(q.select).toEqual([
      { column: 'id', alias: 'id' },
      { column: 'title', alias: 't' },
    ]);
    expect(q.order).toEqual([
      { column: 'id', descending: true, nullsFirst: true },
      { column: 'title', descending: false, nullsFirst: true },
    ]);
    expect([q.limit, q.offset]).toEqual([10, 20]);
  });

  it('reads negated conditions and quantified operators', () => {
    expect(parse('id=not.in.(1,2)').filters).toEqual([
      { kind: 'cond', column: 'id', negate: true, op: 'in', quantifier: null, value: '(1,2)' },
    ]);
    expect(parse('title=like(any).{a*,b*}').filters[0]).toMatchObject({ op: 'like', quantifier: 'any' });
  });

  it('reads nested logic trees with quoted values', () => {
    const [tree] = parse('or=(id.eq.1,not.and(title.eq."a,b",id.gt.2))').filters;
    expect(tree).toEqual({
      kind: 'group',
      op: 'or',
      negate: false,
      items: [
        { kind: 'cond', column: 'id', negate: false, op: 'eq', quantifier: null, value: '1' },
        {
          kind: 'group',
          op: 'and',
          negate: true,
          items: [
            { kind: 'cond', column: 'title', negate: false, op: 'eq', quantifier: null, value: 'a,b' },
            { kind: 'cond', column: 'id', negate: false, op: 'gt', quantifier: null, value: '2' },
          ],
        },
      ],
    });
  });

  it('ignores the apikey parameter, which is a credential', () => {
    expect(parse('apikey=abc&id=eq.1').filters).toHaveLength(1);
  });

  it('refuses unknown operators, unbalanced trees, bad limits and embedded resources with PGRST100/200', () => {
    for (const qs of [
      'id=regex.1',
      'id=1',
      'or=(id.eq.1',
      'or=id.eq.1',
      'limit=-1',
      'order=id.sideways',
      'select=a b',
    ]) {
      expect(() => parse(qs), qs).toThrow(expect.objectContaining({ code: 'PGRST100', status: 400 }));
    }
    expect(() => parse('select=*,rel(*)')).toThrow(expect.objectContaining({ code: 'PGRST200' }));
  });

  it('refuses trees nested too deeply', () => {
    const deep = 'or=(' + 'and('.repeat(12) + 'id.eq.1' + ')'.repeat(12) + ')';
    expect(() => parse(deep)).toThrow(expect.objectContaining({ code: 'PGRST100' }));
  });
});
