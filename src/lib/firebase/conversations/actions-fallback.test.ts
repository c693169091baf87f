// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { writeWithPreviewOrAlone } from './actions-fallback';

const withPreview = { 'm/message': 'new', 'inbox/b/r/lastText': 'new' };
const alone = { 'm/message': 'new' };
const refused = new Error('PERMISSION_DENIED: Permission denied');

describe('an edit or delete whose preview is refused', () => {
  it('is written again without the preview', async () => {
    const write = vi.fn<(changes: Record<string, unknown>) => Promise<void>>();
    write.mockRejectedValueOnce(refused).mockResolvedValueOnce(undefined);
    await writeWithPreviewOrAlone(write, withPreview, alone);
    expect(write.mock.calls).toEqual([[withPreview], [alone]]);
  });

  it('writes once when accepted, and rejects when the action alone is refused too', async () => {
    const accepted = vi.fn(() => Promise.resolve());
    await writeWithPreviewOrAlone(accepted, withPreview, alone);
    expect(accepted).toHaveBeenCalledTimes(1);

    const never = vi.fn(() => Promise.reject(refused));
    await expect(writeWithPreviewOrAlone(never, withPreview, alone)).rejects.toBe(refused);
    expect(never).toHaveBeenCalledTimes(2);
  });

  it('does not repeat a write without a preview, nor one that failed for another reason', async () => {
    const never = vi.fn(() => Promise.reject(refused));
    await expect(writeWithPreviewOrAlone(never, alone, alone)).rejects.toBe(refused);
    expect(never).toHaveBeenCalledTimes(1);

    const offline = new Error('Network down');
    const failing = vi.fn(() => Promise.reject(offline));
    await expect(writeWithPreviewOrAlone(failing, withPreview, alone)).rejects.toBe(offline);
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it('with change markers: tries preview and markers, then markers, then the action alone', async () => {
    const markers = { 'inbox/b/r/changed': { messageId: 'm', at: 1 } };
    const write = vi.fn<(changes: Record<string, unknown>) => Promise<void>>();
    write.mockRejectedValueOnce(refused).mockRejectedValueOnce(refused).mockResolvedValue();
    await writeWithPreviewOrAlone(write, withPreview, alone, markers);
    expect(write.mock.calls).toEqual([
      [{ ...withPreview, ...markers }],
      [{ ...alone, ...markers }],
      [alone],
    ]);
    // Not the last message: the markers, then the action alone.
    const notLast = vi.fn<(changes: Record<string, unknown>) => Promise<void>>();
    notLast.mockRejectedValueOnce(refused).mockResolvedValue();
    await writeWithPreviewOrAlone(notLast, alone, alone, markers);
    expect(notLast.mock.calls).toEqual([[{ ...alone, ...markers }], [alone]]);
  });
});
