/**
 * `local/no-foreign-slice-state`: a feature reads only its own slices' state; another feature's
 * state is read through that feature's exported selectors. The owner of each slice is the
 * feature whose slice file (a `-slice.ts` anywhere in `src/features/<feature>`) names it (`createSlice({ name: '…' })`).
 * A read is any `x.<slice>` or `const { <slice> } = x` where `x` is typed as the store's
 * RootState, so a renamed parameter or a destructuring cannot hide it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Slice name → the feature that owns it, read from the slice files. */
export function sliceOwners(root) {
  const owners = new Map();
  const features = join(root, 'src', 'features');
  for (const feature of readdirSync(features)) {
    let files;
    try {
      files = readdirSync(join(features, feature), { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const file of files.filter((f) => f.endsWith('-slice.ts'))) {
      const source = readFileSync(join(features, feature, file), 'utf8');
      const name = /createSlice\(\{\s*name:\s*'([^']+)'/.exec(source)?.[1];
      if (name) owners.set(name, feature);
    }
  }
  return owners;
}

function featureOf(root, filename) {
  const parts = relative(root, filename).split(sep);
  return parts[0] === 'src' && parts[1] === 'features' ? parts[2] : null;
}

function isRootState(type) {
  const names = [type.aliasSymbol?.getName(), type.getSymbol()?.getName()];
  if (names.includes('RootState')) return true;
  return (type.types ?? []).some(isRootState);
}

export function slicePlugin(root) {
  const owners = sliceOwners(root);
  return {
    rules: {
      'no-foreign-slice-state': {
        meta: {
          type: 'problem',
          messages: {
            foreign:
              "The {{feature}} feature reads `{{slice}}`, the {{owner}} feature's state: use a selector the {{owner}} feature exports.",
          },
          schema: [],
        },
        create(context) {
          const feature = featureOf(root, context.filename);
          if (!feature) return {};
          const services = context.sourceCode.parserServices;
          const check = (object, slice, node) => {
            const owner = owners.get(slice);
            if (!owner || owner === feature) return;
            if (!isRootState(services.getTypeAtLocation(object))) return;
            context.report({ node, messageId: 'foreign', data: { feature, slice, owner } });
          };
          return {
            MemberExpression(node) {
              if (!node.computed && node.property.type === 'Identifier')
                check(node.object, node.property.name, node.property);
            },
            // `const { chat } = state`, `({ chat }) => …`: the pattern has the object's type.
            ObjectPattern(node) {
              for (const property of node.properties) {
                if (property.type === 'Property' && property.key.type === 'Identifier')
                  check(node, property.key.name, property.key);
              }
            },
          };
        },
      },
    },
  };
}
