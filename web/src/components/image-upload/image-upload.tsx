import { useEffect, useId, useRef, useState } from 'react';
import Cropper from 'react-cropper';
import type { ReactCropperElement } from 'react-cropper';
// As text, injected on first use: the build links only the entry's CSS, not that of lazy chunks.
import cropperCss from 'cropperjs/dist/cropper.css' with { type: 'text' };
import type { UploadField } from '../../../../shared/schemas/upload.ts';
import { isUploadMimeType, uploadLimits, uploadMimeTypes } from '../../../../shared/schemas/upload.ts';
import { msg } from '../../../../shared/messages.ts';
import { uploadPicture } from '../../api/upload.ts';
import { uploadUrl } from '../../../../shared/card/links.ts';
import { showError } from '../../toast.tsx';
import { cropProblem, cropRatios, MIN_CROP_WIDTH } from './ratios.ts';

const t = msg.upload;

interface ImageUploadProps {
  field: UploadField;
  label: string;
  /** The company the image belongs to (the upload route's `{id}`). */
  companyId: string | null | undefined;
  value: string | undefined;
  onChange: (filename: string | undefined) => void;
  /** Crop ratio (width / height); defaults to the field's ratio of spec §5. */
  ratio?: number;
  error?: string | undefined;
}

/** Loads the chosen file as an image first: a broken file never reaches the cropper. */
function loadImage(src: string): Promise<boolean> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img.naturalWidth > 0);
    img.onerror = () => resolve(false);
    img.src = src;
  });
}

function useCropperStyles(): void {
  useEffect(() => {
    if (document.getElementById('cropper-css')) return;
    const style = document.createElement('style');
    style.id = 'cropper-css';
    style.textContent = cropperCss as string;
    document.head.append(style);
  }, []);
}

function CropDialog({ src, ratio, busy, onSave, onCancel }: {
  src: string; ratio: number; busy: boolean; onSave: (cropper: ReactCropperElement['cropper']) => void; onCancel: () => void;
}) {
  const id = useId();
  const ref = useRef<ReactCropperElement>(null);
  const [ready, setReady] = useState(false);
  useCropperStyles();
  return (
    <div className="modal-backdrop">
      <div className="modal modal-wide" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t.cropTitle}</h2>
        <Cropper ref={ref} src={src} className="cropper-area" aspectRatio={ratio} viewMode={1} minCropBoxWidth={MIN_CROP_WIDTH}
          autoCropArea={1} background={false} responsive checkOrientation={false} guides ready={() => setReady(true)} />
        <div className="form-actions">
          <button type="button" className="btn btn-primary" disabled={busy || !ready}
            onClick={() => ref.current && onSave(ref.current.cropper)}>{busy ? t.uploading : t.save}</button>
          <button type="button" className="btn" onClick={onCancel}>{t.cancel}</button>
        </div>
      </div>
    </div>
  );
}

/**
 * Spec §4/§5 image upload: choose a jpeg/png, crop it to the field's ratio (at least 100 px wide),
 * and the cropped PNG is uploaded; the field then holds the returned file name. "Remove" clears it.
 */
export function ImageUpload({ field, label, companyId, value, onChange, ratio = cropRatios[field], error }: ImageUploadProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => {
    if (src) URL.revokeObjectURL(src);
  }, [src]);

  function close() {
    setSrc(null);
    if (input.current) input.current.value = '';
  }

  async function choose(file: File | undefined) {
    if (!file) return;
    if (!isUploadMimeType(file.type)) {
      close();
      return showError(t.unsupportedType.replace('{type}', file.type || t.unknownType));
    }
    const url = URL.createObjectURL(file);
    if (!(await loadImage(url))) {
      URL.revokeObjectURL(url);
      close();
      return showError(t.loadFailed);
    }
    setSrc(url);
  }

  async function save(cropper: ReactCropperElement['cropper']) {
    const data = cropper.getData(true);
    const problem = cropProblem(data.width, data.height, ratio);
    if (problem) return showError(problem);
    const canvas = cropper.getCroppedCanvas({ maxWidth: 2400, maxHeight: 2400, imageSmoothingQuality: 'high' }) as HTMLCanvasElement | null;
    if (!canvas) {
      close();
      return showError(t.loadFailed);
    }
    // Spec §9: the cropper exports PNG at quality 0.5.
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png', 0.5));
    if (!blob) {
      close();
      return showError(t.loadFailed);
    }
    if (blob.size > uploadLimits.maxBytes) return showError(t.tooLarge.replace('{mb}', String(uploadLimits.maxBytes / 1024 / 1024)));
    if (!companyId) return showError(msg.company.noneSelected);
    setBusy(true);
    const res = await uploadPicture(companyId, blob, `${field}.png`);
    setBusy(false);
    if (!res.data) return showError(res.errorMessage ?? msg.errors.generic);
    onChange(res.data.filename);
    close();
  }

  const preview = uploadUrl(field, value);
  return (
    <div className="image-upload">
      <span className="image-upload-label" id={`${inputId}-label`}>{label}</span>
      <div className="image-upload-box" style={{ aspectRatio: String(ratio) }}>
        {preview ? <img src={preview} alt={label} /> : <span className="muted">{t.none}</span>}
      </div>
      <div className="image-upload-actions">
        <label className="btn btn-small file-button">
          {value ? t.change : t.choose}
          <input ref={input} id={inputId} type="file" accept={uploadMimeTypes.join(',')} aria-label={`${label}: ${value ? t.change : t.choose}`}
            onChange={(e) => void choose(e.target.files?.[0])} />
        </label>
        {value && <button type="button" className="btn btn-small btn-danger-outline" aria-label={`${label}: ${t.remove}`} onClick={() => onChange(undefined)}>{t.remove}</button>}
      </div>
      {error && <span className="field-error">{error}</span>}
      {src && <CropDialog src={src} ratio={ratio} busy={busy} onSave={(c) => void save(c)} onCancel={close} />}
    </div>
  );
}
