import { useEffect, useId, useRef, useState } from 'react';
import Cropper from 'react-cropper';
import type { ReactCropperElement } from 'react-cropper';
// As text, injected on first use: the build links only the entry's CSS, not that of lazy chunks.
import cropperCss from 'cropperjs/dist/cropper.css' with { type: 'text' };
import type { UploadField } from '../../../../shared/schemas/upload.ts';
import { isUploadMimeType, uploadLimits, uploadMimeTypes } from '../../../../shared/schemas/upload.ts';
import { msg } from '../../../../shared/messages.ts';
import { uploadPicture } from '../../api/upload.ts';
import { variantUrl } from '../../../../shared/images.ts';
import { showError } from '../../toast.tsx';
import { cropProblem, cropRatios, logoBox, logoFields, MAX_EXPORT_SIDE, MIN_CROP_WIDTH } from './ratios.ts';

const t = msg.upload;

/** Photos go up as JPEG at this quality (the server stores AVIF, WebP and JPEG from it); never PNG. */
export const PHOTO_JPEG_QUALITY = 0.92;

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

/** `ratio` undefined: a free crop (logos, fitted into their box afterwards). */
function CropDialog({ src, ratio, busy, onSave, onCancel }: {
  src: string; ratio: number | undefined; busy: boolean; onSave: (cropper: ReactCropperElement['cropper']) => void; onCancel: () => void;
}) {
  const id = useId();
  const ref = useRef<ReactCropperElement>(null);
  const [ready, setReady] = useState(false);
  useCropperStyles();
  return (
    <div className="modal-backdrop">
      <div className="modal modal-wide" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} {...(ratio === undefined ? { 'aria-describedby': `${id}-hint` } : {})}>
        <h2 id={`${id}-title`}>{t.cropTitle}</h2>
        {ratio === undefined && <p className="muted" id={`${id}-hint`}>{t.logoCropHint}</p>}
        <Cropper ref={ref} src={src} className="cropper-area" aspectRatio={ratio ?? NaN} viewMode={1} minCropBoxWidth={MIN_CROP_WIDTH}
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

/** The canvas as a file of `type` (quality for JPEG); null when the browser cannot encode it. */
function toBlob(canvas: HTMLCanvasElement, type: 'image/png' | 'image/jpeg', quality?: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** A logo crop centred in the box of the field's ratio, the rest transparent: no wordmark is cut. */
function fittedLogo(crop: HTMLCanvasElement, ratio: number): HTMLCanvasElement {
  const box = logoBox(crop.width, crop.height, ratio);
  const canvas = document.createElement('canvas');
  canvas.width = box.boxWidth;
  canvas.height = box.boxHeight;
  const ctx = canvas.getContext('2d')!;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(crop, box.x, box.y, box.w, box.h);
  return canvas;
}

/**
 * Spec §4/§5 image upload: choose a jpeg/png and crop it (at least 100 px wide). A photo is cropped
 * to the field's ratio and uploaded as JPEG; a logo is cropped freely, fitted into the field's box
 * with transparent padding and uploaded as PNG (transparency kept). The field then holds the
 * returned file name. "Remove" clears it.
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

  const isLogo = logoFields.has(field);

  async function save(cropper: ReactCropperElement['cropper']) {
    const data = cropper.getData(true);
    const problem = cropProblem(data.width, data.height, isLogo ? undefined : ratio);
    if (problem) return showError(problem);
    const crop = cropper.getCroppedCanvas({
      maxWidth: MAX_EXPORT_SIDE, maxHeight: MAX_EXPORT_SIDE, imageSmoothingQuality: 'high',
      // A JPEG has no transparency: a transparent source goes on white, not black.
      ...(isLogo ? {} : { fillColor: '#ffffff' }),
    }) as HTMLCanvasElement | null;
    if (!crop) {
      close();
      return showError(t.loadFailed);
    }
    // Not spec §9's PNG at quality 0.5 (PNG has no quality; a cropped photo as PNG was 5-10 times
    // the bytes): photos as JPEG, logos as PNG for their transparency (docs/decisions.md).
    const blob = isLogo ? await toBlob(fittedLogo(crop, ratio), 'image/png') : await toBlob(crop, 'image/jpeg', PHOTO_JPEG_QUALITY);
    if (!blob) {
      close();
      return showError(t.loadFailed);
    }
    if (blob.size > uploadLimits.maxBytes) return showError(t.tooLarge.replace('{mb}', String(uploadLimits.maxBytes / 1024 / 1024)));
    if (!companyId) return showError(msg.company.noneSelected);
    setBusy(true);
    const res = await uploadPicture(companyId, blob, `${field}.${isLogo ? 'png' : 'jpg'}`);
    setBusy(false);
    if (!res.data) return showError(res.errorMessage ?? msg.errors.generic);
    onChange(res.data.filename);
    close();
  }

  // The stored 320 px variant, not the original (up to 2048 px).
  const preview = value ? variantUrl(field, value, { width: 320 }) : undefined;
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
      {src && <CropDialog src={src} ratio={isLogo ? undefined : ratio} busy={busy} onSave={(c) => void save(c)} onCancel={close} />}
    </div>
  );
}
