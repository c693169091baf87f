// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { criticalCss } from '../../scripts/build/critical-css';

const css = `
/* a comment */
*, ::before { border-width: 0; }
html { line-height: 1.5; }
.grid { display: grid; }
.hidden { display: none; }
.text-white\\/80 { color: rgb(255 255 255 / 0.8); }
.hover\\:underline:hover { text-decoration-line: underline; }
.grid, .absent { gap: 0; }
.Toastify__toast { padding: 8px; }
:not(.absent) > .grid { margin: 0; }
@media (min-width: 1024px) {
  .lg\\:grid-cols-2 { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .lg\\:absent { display: block; }
}
@media print { .absent { display: none; } }
@keyframes spin { to { transform: rotate(360deg); } }
@property --fade { syntax: '<length>'; inherits: false; initial-value: 0px; }
`;
const html =
  '<div class="grid lg:grid-cols-2"><p class="text-white/80 hover:underline">Hi</p></div>';

describe('criticalCss', () => {
  const out = criticalCss(css, html);

  it('keeps the rules of classes in the markup, escaped names and variants included', () => {
    expect(out).toContain('.grid { display: grid; }');
    expect(out).toContain('.text-white\\/80');
    expect(out).toContain('.hover\\:underline:hover');
    expect(out).toContain('.lg\\:grid-cols-2');
    expect(out).toContain(':not(.absent) > .grid');
  });

  it('drops rules of classes the markup lacks, and at-rules left empty', () => {
    expect(out).not.toContain('.hidden');
    expect(out).not.toContain('Toastify');
    expect(out).not.toContain('.lg\\:absent');
    expect(out).not.toContain('@media print');
    expect(out).not.toMatch(/\.absent\s*{/);
    expect(out).toMatch(/^\.grid\s*{\s*gap/m); // `.grid, .absent` keeps `.grid`
  });

  it('keeps element rules, keyframes, custom properties and drops comments', () => {
    expect(out).toContain('*, ::before');
    expect(out).toContain('html { line-height');
    expect(out).toContain('@keyframes spin');
    expect(out).toContain('@property --fade');
    expect(out).not.toContain('a comment');
  });
});
