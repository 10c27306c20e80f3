import { describe, expect, it } from 'vitest';
import { isProblem } from '../../src/contract/problem.ts';
import { problemOf } from '../../src/http/problem-of.ts';

describe('a problem detail read from an answer', () => {
  it.each([
    ['a conflict with its detail', { type: '/problems/conflict', title: 'Conflict', status: 409, detail: 'That time was just taken.' }],
    [
      'a validation problem with words by field',
      { type: '/problems/validation', title: 'The request is not valid', status: 400, errors: { name: ['Enter your name'] } },
    ],
    ['one with its instance', { type: 'about:blank', title: 'Not found', status: 404, instance: '/api/alltrac/x' }],
  ])('is taken as it is: %s', (_, body) => {
    expect(isProblem(body)).toBe(true);
    expect(problemOf({ status: body.status, body })).toEqual(body);
  });

  it.each([
    ['no body', undefined],
    ['a string', 'Bad Gateway'],
    ['an HTML error page read as text', '<html>502</html>'],
    ['no title', { type: '/problems/conflict', status: 409 }],
    ['a status that is not a whole number', { type: 'x', title: 'y', status: '409' }],
    ['a detail that is not words', { type: 'x', title: 'y', status: 409, detail: 5 }],
    ['field words that are not a list', { type: 'x', title: 'y', status: 400, errors: { name: 'Enter your name' } }],
    ['field words with a number among them', { type: 'x', title: 'y', status: 400, errors: { name: ['ok', 3] } }],
  ])('is made from the status when the body is not one: %s', (_, body) => {
    expect(isProblem(body)).toBe(false);
    expect(problemOf({ status: 502, body })).toEqual({ type: 'about:blank', title: 'The server answered 502', status: 502 });
  });
});
