import type { BlockCode } from '../../../../shared/content/blocks.js';
import { Dialog } from '../../products/dialog.js';
import { BLOCK_LABELS, BlockIcon, PICKER_ORDER } from './block-meta.js';

/** The "+" picker: every block type of blocks.ts with its icon, name and what it is for. */
export function BlockPicker({
  onPick,
  onClose,
}: {
  onPick: (type: BlockCode) => void;
  onClose: () => void;
}) {
  return (
    <Dialog title="Add a block" onClose={onClose} wide>
      <ul className="bd-picker" aria-label="Block types">
        {PICKER_ORDER.map((code, i) => (
          <li key={code}>
            <button
              type="button"
              className="bd-picker-item"
              {...(i === 0 ? { 'data-autofocus': true } : {})}
              onClick={() => onPick(code)}
            >
              <BlockIcon type={code} size={24} />
              <span className="bd-picker-name">{BLOCK_LABELS[code].label}</span>
              <span className="bd-picker-hint">{BLOCK_LABELS[code].hint}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
