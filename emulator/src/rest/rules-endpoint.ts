import type { CompiledRules } from '../rules/contract';
import { HttpError, readBody, sendJson } from './http-util';
import type { RestContext, RestRequest } from './request';

const CLOSED_TEXT = '{\n  "rules": {\n    ".read": false,\n    ".write": false\n  }\n}\n';

/** `/.settings/rules.json`: what rules-unit-testing and firebase-tools call to replace rules. */
export async function handleRules(ctx: RestContext, r: RestRequest): Promise<void> {
  if (!r.identity.admin) throw new HttpError(401, 'Permission denied');
  const ns = ctx.registry.get(r.ns);
  if (r.method === 'GET') {
    r.res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    r.res.end(ns.rulesSource ?? CLOSED_TEXT);
    return;
  }
  if (r.method !== 'PUT') throw new HttpError(405, `${r.method} is not supported on rules`);
  const text = await readBody(r.req);
  let rules: CompiledRules;
  try {
    rules = ctx.compileRules(text);
  } catch (e) {
    throw new HttpError(400, e instanceof Error ? e.message : String(e));
  }
  ns.rulesSource = text;
  ns.setRules(rules);
  ctx.log(`rules replaced for namespace ${ns.name}`);
  sendJson(r.res, 200, { status: 'ok' });
}
