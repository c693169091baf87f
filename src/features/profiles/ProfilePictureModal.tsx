import 'cropperjs/dist/cropper.css';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import Cropper, { type ReactCropperElement } from 'react-cropper';
import { toast } from '../../components/toast';
import { useGateways } from '../../store/hooks';
import { Button } from '../../components/Button';
import { CameraIcon } from '../../components/icons';
import { Modal } from '../../components/Modal';
import { usePictureResolver } from '../../components/picture-resolver';
import { componentsStrings } from '../../components/components-strings';
import { profilesStrings } from './profiles-strings';
import { spec } from '../../strings/spec';
import { compressCanvas, PICTURE_SIZE } from './compress-picture';
import { decodeImage, MAX_PICTURE_FILE_BYTES, pictureFileProblem } from './picture-file';
import { uploadPicture } from './upload-picture';

/** The spec's crop settings (section 9). */
const CROP = {
  aspectRatio: 1,
  initialAspectRatio: 1,
  autoCropArea: 1,
  minCropBoxWidth: 10,
  minCropBoxHeight: 10,
  viewMode: 1,
  height: 400,
} as const;

interface Props {
  uid: string;
  onClose: () => void;
}

interface Chosen {
  url: string;
  name: string;
}

const fileProblemText = {
  notImage: profilesStrings.profile.errors.notImage,
  empty: profilesStrings.profile.errors.empty,
  tooLarge: profilesStrings.profile.errors.tooLarge(MAX_PICTURE_FILE_BYTES / 1024 / 1024),
} as const;

/**
 * 'Change your profile picture': pick a file, frame a square, watch the round preview, upload.
 * Loaded on first open, with the cropper and its CSS.
 */
export default function ProfilePictureModal({ uid, onClose }: Props) {
  const api = useGateways().pictures;
  const inputId = useId();
  const hintId = useId();
  const resolver = usePictureResolver();
  const cropper = useRef<ReactCropperElement>(null);
  const [preview, setPreview] = useState<HTMLDivElement | null>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [uploading, setUploading] = useState(false);

  // The object URL of a chosen file lives as long as it is shown.
  useEffect(() => {
    if (!chosen) return;
    const { url } = chosen;
    return () => URL.revokeObjectURL(url);
  }, [chosen]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Picking the same file again after an error should still fire a change.
    input.value = '';
    if (!file) return;
    const kind = pictureFileProblem(file);
    if (kind) {
      setProblem(fileProblemText[kind]);
      return;
    }
    const url = URL.createObjectURL(file);
    try {
      await decodeImage(url);
    } catch {
      URL.revokeObjectURL(url);
      setProblem(profilesStrings.profile.errors.unreadable);
      return;
    }
    setProblem(null);
    setReady(false);
    setChosen({ url, name: file.name });
  }

  async function upload() {
    const instance = cropper.current?.cropper;
    if (!instance || !ready) return;
    setUploading(true);
    const result = await uploadPicture({ api, resolver }, uid, () => {
      const canvas = instance.getCroppedCanvas({
        width: PICTURE_SIZE,
        height: PICTURE_SIZE,
        // JPEG has no transparency: transparent parts turn white, not black.
        fillColor: '#fff',
        imageSmoothingEnabled: true,
        imageSmoothingQuality: 'high',
      });
      return compressCanvas(canvas);
    });
    setUploading(false);
    if (result.ok) {
      toast.success(profilesStrings.profile.uploaded);
      onClose();
    } else {
      toast.error(result.message);
    }
  }

  return (
    <Modal title={spec.profile.changePicture} onClose={onClose} wide>
      <div className="flex flex-col gap-5">
        <div className="flex flex-wrap items-center gap-3">
          <input
            id={inputId}
            type="file"
            accept="image/*"
            aria-label={profilesStrings.profile.fileLabel}
            aria-describedby={hintId}
            className="peer sr-only"
            onChange={(event) => void choose(event)}
          />
          <label
            htmlFor={inputId}
            className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-700 shadow-xs transition-colors hover:bg-slate-50 peer-focus-visible:ring-4 peer-focus-visible:ring-brand-100"
          >
            <CameraIcon />
            {chosen ? profilesStrings.profile.chooseAnother : profilesStrings.profile.choose}
          </label>
          <p id={hintId} className="min-w-0 flex-1 truncate text-sm text-slate-500">
            {chosen ? chosen.name : profilesStrings.profile.fileHint}
          </p>
        </div>
        {problem ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {problem}
          </p>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_9rem]">
          <div
            role="group"
            aria-label={profilesStrings.profile.cropArea}
            className="overflow-hidden rounded-xl bg-slate-100"
            style={{ height: CROP.height }}
          >
            {chosen && preview ? (
              <Cropper
                key={chosen.url}
                ref={cropper}
                src={chosen.url}
                alt=""
                style={{ height: CROP.height, width: '100%' }}
                aspectRatio={CROP.aspectRatio}
                initialAspectRatio={CROP.initialAspectRatio}
                autoCropArea={CROP.autoCropArea}
                minCropBoxWidth={CROP.minCropBoxWidth}
                minCropBoxHeight={CROP.minCropBoxHeight}
                viewMode={CROP.viewMode}
                preview={preview}
                guides
                background={false}
                responsive
                ready={() => setReady(true)}
              />
            ) : (
              <label
                htmlFor={inputId}
                className="flex h-full cursor-pointer flex-col items-center justify-center gap-3 border-2 border-dashed border-slate-300 px-6 text-center text-sm text-slate-500 transition-colors hover:border-brand-500 hover:text-brand-600"
              >
                <CameraIcon className="h-10 w-10" />
                {profilesStrings.profile.cropHint}
              </label>
            )}
          </div>
          <div className="flex flex-col items-center gap-2 sm:pt-4">
            <div
              ref={setPreview}
              className="h-32 w-32 overflow-hidden rounded-full bg-slate-100 ring-4 ring-brand-100"
            />
            <span className="text-sm font-medium text-slate-500">
              {profilesStrings.profile.preview}
            </span>
          </div>
        </div>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {componentsStrings.home.cancel}
          </Button>
          <Button loading={uploading} disabled={!ready} onClick={() => void upload()}>
            {spec.profile.upload}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
