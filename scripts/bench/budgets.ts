/**
 * The JavaScript budgets per screen (gzip -9 of what a cold visit loads, as section 1 of
 * `npm run bench` measures it). `npm run size:check` fails above them (scripts/size-budget.ts).
 */
import { kb } from './report';
import type { ScriptSet } from './scripts-size';

export const budgets = { login: 140 * 1024, home: 190 * 1024 } as const;

export type Screen = keyof typeof budgets;

export interface BudgetLine {
  screen: Screen;
  gzip: number;
  budget: number;
  over: boolean;
}

export function checkBudgets(sets: Record<Screen, ScriptSet>): BudgetLine[] {
  return (Object.keys(budgets) as Screen[]).map((screen) => ({
    screen,
    gzip: sets[screen].gzip,
    budget: budgets[screen],
    over: sets[screen].gzip > budgets[screen],
  }));
}

export const budgetText = (line: BudgetLine) =>
  `${line.screen}: ${kb(line.gzip)} of ${kb(line.budget)}${line.over ? ' OVER BUDGET' : ''}`;
