import { useEffect, useState } from 'react';
import { formatHsl, parseHex, parseHsl, hslToHex } from '../../../../shared/content/colors.js';

/**
 * One palette colour: a swatch that opens the native colour picker, a hex field and an HSL
 * field. Either field accepts typing; a valid value updates the other and the preview at once,
 * an invalid one shows SPEC 5.7's text beside it ('Hue out of bounds.'…) and changes nothing.
 */
export function ColorField(props: {
  id: string;
  label: string;
  hint: string;
  value: string;
  /** The server's text for this colour, when a save was refused. */
  serverError?: string | undefined;
  disabled?: boolean;
  onChange: (hex: string) => void;
}) {
  const { id, value, onChange } = props;
  const [hex, setHex] = useState(value);
  const [hsl, setHsl] = useState(formatHsl(value));
  const [hexError, setHexError] = useState<string>();
  const [hslError, setHslError] = useState<string>();

  // A value from outside (Discard, the picker, a save) replaces what the fields show.
  useEffect(() => {
    setHex((h) => {
      const r = parseHex(h);
      return r.ok && r.hex === value ? h : value;
    });
    setHsl((s) => {
      const r = parseHsl(s);
      return r.ok && hslToHex(r.hsla) === value ? s : formatHsl(value);
    });
    setHexError(undefined);
    setHslError(undefined);
  }, [value]);

  const typedHex = (text: string) => {
    setHex(text);
    const r = parseHex(text);
    setHexError(r.ok ? undefined : r.error);
    if (r.ok && r.hex !== value) onChange(r.hex);
  };
  const typedHsl = (text: string) => {
    setHsl(text);
    const r = parseHsl(text);
    setHslError(r.ok ? undefined : r.error);
    if (r.ok) {
      const next = hslToHex(r.hsla);
      if (next !== value) onChange(next);
    }
  };
  const error = hexError ?? hslError ?? props.serverError;
  const errId = `${id}-err`;
  return (
    <fieldset className="ds-color" aria-describedby={`${id}-hint`}>
      <legend>{props.label}</legend>
      <label className="ds-swatch" style={{ background: value }} title="Pick a colour">
        <span className="ed-visually-hidden">{props.label}: colour picker</span>
        <input
          type="color"
          value={value}
          disabled={props.disabled}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      </label>
      <div className="ds-color-inputs">
        <label>
          <span className="ds-mini-label">Hex</span>
          <input
            id={`${id}-hex`}
            className="ed-input"
            value={hex}
            spellCheck={false}
            autoComplete="off"
            disabled={props.disabled}
            aria-invalid={hexError || props.serverError ? true : undefined}
            aria-describedby={hexError || props.serverError ? errId : undefined}
            onChange={(e) => typedHex(e.currentTarget.value)}
          />
        </label>
        <label>
          <span className="ds-mini-label">HSL</span>
          <input
            id={`${id}-hsl`}
            className="ed-input"
            value={hsl}
            spellCheck={false}
            autoComplete="off"
            disabled={props.disabled}
            aria-invalid={hslError ? true : undefined}
            aria-describedby={hslError ? errId : undefined}
            onChange={(e) => typedHsl(e.currentTarget.value)}
          />
        </label>
      </div>
      <span className="ds-color-hint ed-muted" id={`${id}-hint`}>
        {props.hint}
      </span>
      {error && (
        <span className="ed-inline-error ds-color-error" id={errId} role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
