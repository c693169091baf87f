// The emulator's layering, enforced: a module may import its own layer and the layers below it,
// never one above. See emulator/README.md ("Layout") for what each layer holds.
//
//   transport < data < query < rules < db < protocol, rest < persistence < entry points
//
// protocol and rest are siblings: neither imports the other. The entry points are the files directly
// in emulator/src (server.ts, cli.ts, ...); nothing inside a layer folder may import them.
// One deliberate exception: rules/contract.ts is the interface between the core and the rules
// engine. It imports nothing, so data and query may use its types without depending on the engine.

const LAYERS = ['transport', 'data', 'query', 'rules', 'db', 'protocol', 'rest', 'persistence'];
const ABOVE = {
  transport: ['data', 'query', 'rules', 'db', 'protocol', 'rest', 'persistence'],
  data: ['query', 'rules', 'db', 'protocol', 'rest', 'persistence'],
  query: ['rules', 'db', 'protocol', 'rest', 'persistence'],
  rules: ['db', 'protocol', 'rest', 'persistence'],
  db: ['protocol', 'rest', 'persistence'],
  protocol: ['rest', 'persistence'],
  rest: ['protocol', 'persistence'],
  persistence: [],
};
const CONTRACT = 'rules/contract';

function restrictionsFor(layer) {
  const forbidden = ABOVE[layer];
  const patterns = [
    {
      // `../server`, `../cli`: any module directly in src is an entry point.
      regex: '^\\.\\./[^/]+$',
      message: `Layer "${layer}" must not import an entry point (emulator/src/*.ts).`,
    },
  ];
  if (forbidden.length > 0) {
    const contractAllowed = forbidden.includes('rules') ? `(?!${CONTRACT}$)` : '';
    patterns.push({
      regex: `^(?:\\.\\./)+${contractAllowed}(?:${forbidden.join('|')})(?:/|$)`,
      message: `Layer "${layer}" sits below ${forbidden.join(', ')}: declare the interface it needs here instead (see emulator/README.md, "Layout").`,
    });
  }
  return patterns;
}

/** Flat-config entries; spread them into the root eslint.config.js. */
export default [
  ...LAYERS.map((layer) => ({
    files: [`emulator/src/${layer}/**/*.ts`],
    rules: { 'no-restricted-imports': ['error', { patterns: restrictionsFor(layer) }] },
  })),
  {
    files: [`emulator/src/${CONTRACT}.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '.',
              message: 'The rules contract is shared by every layer: it must import nothing.',
            },
          ],
        },
      ],
    },
  },
];
