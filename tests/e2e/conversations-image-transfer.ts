import type { Locator } from 'playwright-core';

/**
 * A PNG handed to the page the way a user's paste or drop hands it: a real `DataTransfer`
 * holding a `File`, in a `paste` event on `target` or `dragover` + `drop` events over it.
 */
async function transfer(target: Locator, png: Buffer, how: 'paste' | 'drop', name: string) {
  await target.evaluate(
    (element, { base64, how, name }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: 'image/png' }));
      const init = { bubbles: true, cancelable: true };
      if (how === 'paste') {
        element.dispatchEvent(new ClipboardEvent('paste', { ...init, clipboardData: data }));
        return;
      }
      element.dispatchEvent(new DragEvent('dragenter', { ...init, dataTransfer: data }));
      element.dispatchEvent(new DragEvent('dragover', { ...init, dataTransfer: data }));
      element.dispatchEvent(new DragEvent('drop', { ...init, dataTransfer: data }));
    },
    { base64: png.toString('base64'), how, name },
  );
}

export const pasteImage = (target: Locator, png: Buffer, name = 'pasted.png') =>
  transfer(target, png, 'paste', name);
export const dropImage = (target: Locator, png: Buffer, name = 'dropped.png') =>
  transfer(target, png, 'drop', name);
