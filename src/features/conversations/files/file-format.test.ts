import { describe, expect, it } from 'vitest';
import { fileTypeOf, formatBytes, formatDuration, isPhotoFile, opensInTab } from './file-format';
import { recordingType, rmsOf, waveformOf } from './voice-levels';

describe('file sizes, durations and types', () => {
  it('reads sizes as a file manager does', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(300_000)).toBe('293 KB');
    expect(formatBytes(4.25 * 1024 * 1024)).toBe('4.3 MB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
  });

  it('reads durations as m:ss, rounded down', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(12_999)).toBe('0:12');
    expect(formatDuration(270_000)).toBe('4:30');
    expect(formatDuration(-5)).toBe('0:00');
  });

  it('names the icon from the type, then the extension', () => {
    expect(fileTypeOf('application/pdf', 'a')).toBe('pdf');
    expect(fileTypeOf('', 'report.PDF')).toBe('pdf');
    expect(fileTypeOf('application/zip', 'x.zip')).toBe('archive');
    expect(fileTypeOf('', 'data.csv')).toBe('sheet');
    expect(fileTypeOf('application/octet-stream', 'blob')).toBe('other');
  });

  it('sends common photos the photo path, other images as files', () => {
    expect(isPhotoFile(new Blob([], { type: 'image/png' }))).toBe(true);
    expect(isPhotoFile(new Blob([], { type: 'image/svg+xml' }))).toBe(false);
    expect(isPhotoFile(new Blob([], { type: 'application/pdf' }))).toBe(false);
    expect(opensInTab('application/pdf')).toBe(true);
    expect(opensInTab('image/svg+xml')).toBe(false);
  });
});

describe('voice levels', () => {
  it('folds samples into bars, the loudest at 100', () => {
    expect(waveformOf([], 48)).toEqual([]);
    expect(waveformOf([0.1, 0.2, 0.4, 0.2], 2)).toEqual([50, 100]);
    expect(waveformOf([0.5], 48)).toEqual([100]);
    expect(waveformOf([0, 0], 2)).toEqual([0, 0]);
  });

  it('measures silence as 0 and a full swing as 1', () => {
    expect(rmsOf(new Uint8Array([128, 128]))).toBe(0);
    expect(rmsOf(new Uint8Array([0, 0]))).toBe(1);
  });

  it('records Opus where the browser can', () => {
    expect(recordingType(() => true)).toBe('audio/webm;codecs=opus');
    expect(recordingType((type) => type === 'audio/mp4')).toBe('audio/mp4');
    expect(recordingType(() => false)).toBe('');
  });
});
