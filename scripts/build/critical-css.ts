import postcss, { type ChildNode, type Container } from 'postcss';

/** Every class name in the markup's class attributes. */
function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, list = ''] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of list.split(/\s+/)) if (name) classes.add(name.replaceAll('&amp;', '&'));
  }
  return classes;
}

/** The class names a selector needs, unescaped (`.lg\:grid-cols-2` needs `lg:grid-cols-2`). */
function classesOf(selector: string): string[] {
  // Pseudo-class arguments (:not(.x), :where(.x)) do not make a selector need a class.
  const outer = selector.replace(/\((?:[^()]|\([^()]*\))*\)/g, '');
  return [...outer.matchAll(/\.((?:\\.|[\w-])+)/g)].map(([, name = '']) =>
    name.replace(/\\(.)/g, '$1'),
  );
}

function prune(container: Container, used: Set<string>): void {
  container.each((node: ChildNode) => {
    if (node.type === 'rule') {
      // Keyframe steps (0%, to) are not selectors.
      if (node.parent?.type === 'atrule' && /keyframes$/.test(node.parent.name)) return;
      const kept = node.selectors.filter((s) => classesOf(s).every((name) => used.has(name)));
      if (kept.length === 0) node.remove();
      else node.selectors = kept;
    } else if (node.type === 'atrule' && node.nodes) {
      prune(node, used);
      if (node.nodes.length === 0) node.remove();
    }
  });
}

/**
 * The part of a stylesheet that the given markup can use: rules whose selectors need only
 * classes present in it (element, attribute and pseudo selectors count as present), with every
 * at-rule, custom property and keyframe kept. It errs on the side of keeping: a rule it keeps in
 * vain costs bytes, a rule it dropped in error would shift the page when the full sheet lands.
 */
export function criticalCss(css: string, html: string): string {
  const root = postcss.parse(css);
  root.walkComments((comment) => {
    comment.remove();
  });
  prune(root, classesIn(html));
  return root.toString();
}
