/**
 * The side panel for a selection: a block's settings, or a section's layout, colours and
 * background image, with the actions both share (move, duplicate, delete, add).
 */
import type { ContentBlock, PageSection } from '../../../../shared/content/blocks.js';
import { BLOCK_LABELS, BlockIcon } from './block-meta.js';
import { BlockPanel } from './block-panels.js';
import type { BlockPlace } from './doc-ops.js';
import type { OutlineActions } from './outline.js';
import { sectionName } from './outline.js';
import { Group, ImageChooser, Segmented, type FieldErrors } from './panel-fields.js';

function PanelHead({
  title,
  icon,
  crumb,
  onBack,
}: {
  title: string;
  icon?: ContentBlock['type'];
  crumb: string;
  onBack: () => void;
}) {
  return (
    <div className="bd-panel-head">
      <button type="button" className="bd-back" onClick={onBack}>
        <span aria-hidden="true">←</span> Page outline
      </button>
      <p className="bd-crumb ed-muted">{crumb}</p>
      <h2 className="bd-panel-title" tabIndex={-1} data-panel-title>
        {icon !== undefined && <BlockIcon type={icon} size={22} />}
        {title}
      </h2>
    </div>
  );
}

function Actions({
  kind,
  canUp,
  canDown,
  onUp,
  onDown,
  onDuplicate,
  onDelete,
  onAdd,
}: {
  kind: string;
  canUp: boolean;
  canDown: boolean;
  onUp: () => void;
  onDown: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onAdd: () => void;
}) {
  return (
    <div className="bd-actions" role="group" aria-label={`${kind} actions`}>
      <button
        type="button"
        className="ed-button"
        aria-label={`Move ${kind.toLowerCase()} up`}
        disabled={!canUp}
        onClick={onUp}
      >
        ↑ Up
      </button>
      <button
        type="button"
        className="ed-button"
        aria-label={`Move ${kind.toLowerCase()} down`}
        disabled={!canDown}
        onClick={onDown}
      >
        ↓ Down
      </button>
      <button type="button" className="ed-button" onClick={onDuplicate}>
        Duplicate
      </button>
      <button type="button" className="ed-button ed-button-danger" onClick={onDelete}>
        Delete
      </button>
      <button type="button" className="ed-button bd-add-below" onClick={onAdd}>
        <span aria-hidden="true">+</span> {kind === 'Block' ? 'Add block below' : 'Add block'}
      </button>
    </div>
  );
}

export function BlockSettings({
  at,
  sections,
  errors,
  readOnly,
  revision,
  actions,
  onChange,
}: {
  at: BlockPlace;
  sections: readonly PageSection[];
  errors: FieldErrors;
  readOnly: boolean;
  revision: number;
  actions: OutlineActions;
  onChange: (patch: Partial<ContentBlock>, field: string) => void;
}) {
  const { block, section, sectionIndex, index } = at;
  const label = BLOCK_LABELS[block.type].label;
  const sel = { kind: 'block', id: block.id } as const;
  return (
    <div className="bd-panel-body">
      <PanelHead
        title={label}
        icon={block.type}
        crumb={sectionName(section, sectionIndex)}
        onBack={() => actions.select(null)}
      />
      <fieldset className="bd-fields" disabled={readOnly}>
        <legend className="ed-visually-hidden">{label} settings</legend>
        <BlockPanel
          key={block.id}
          block={block}
          path={`sections.${sectionIndex}.blocks.${index}`}
          errors={errors}
          revision={revision}
          set={(patch, field) => onChange(patch as Partial<ContentBlock>, field)}
        />
      </fieldset>
      {!readOnly && (
        <Actions
          kind="Block"
          canUp={sectionIndex > 0 || index > 0}
          canDown={sectionIndex < sections.length - 1 || index < section.blocks.length - 1}
          onUp={() => actions.moveBlockBy(block.id, -1)}
          onDown={() => actions.moveBlockBy(block.id, 1)}
          onDuplicate={() => actions.duplicate(sel)}
          onDelete={() => actions.remove(sel)}
          onAdd={() => actions.addBlock(section.id, index + 1)}
        />
      )}
    </div>
  );
}

export function SectionSettings({
  section,
  index,
  count,
  errors,
  readOnly,
  actions,
  onChange,
}: {
  section: PageSection;
  index: number;
  count: number;
  errors: FieldErrors;
  readOnly: boolean;
  actions: OutlineActions;
  onChange: (patch: Partial<Omit<PageSection, 'id' | 'blocks'>>, field: string) => void;
}) {
  const sel = { kind: 'section', id: section.id } as const;
  const path = `sections.${index}`;
  return (
    <div className="bd-panel-body">
      <PanelHead
        title={sectionName(section, index)}
        crumb={`${section.blocks.length} block${section.blocks.length === 1 ? '' : 's'}`}
        onBack={() => actions.select(null)}
      />
      <fieldset className="bd-fields" disabled={readOnly}>
        <legend className="ed-visually-hidden">Section settings</legend>
        <Group label="Layout">
          <Segmented
            legend="Layout"
            value={section.layout}
            options={[
              { value: 'default', label: 'Standard' },
              { value: 'hero', label: 'Hero banner' },
            ]}
            onChange={(layout) => onChange({ layout }, 'layout')}
          />
        </Group>
        <Group label="Colours">
          <Segmented
            legend="Colours"
            value={section.tone}
            options={[
              { value: 'light', label: 'Light' },
              { value: 'dark', label: 'Dark' },
              { value: 'accent', label: 'Accent' },
            ]}
            onChange={(tone) => onChange({ tone }, 'tone')}
          />
        </Group>
        <ImageChooser
          label={section.layout === 'hero' ? 'Hero image' : 'Background image'}
          assetId={section.backgroundImageId}
          onChange={(backgroundImageId) => onChange({ backgroundImageId }, 'backgroundImageId')}
        />
        {errors[`${path}.layout`] && <p className="ed-inline-error">{errors[`${path}.layout`]}</p>}
        {errors[`${path}.blocks`] && <p className="ed-inline-error">{errors[`${path}.blocks`]}</p>}
      </fieldset>
      {section.blocks.length > 0 && (
        <div className="ed-field">
          <span className="ed-field-label">Blocks</span>
          <ul className="bd-mini-blocks">
            {section.blocks.map((b) => (
              <li key={b.id}>
                <button
                  type="button"
                  className="bd-row-main"
                  onClick={() => actions.select({ kind: 'block', id: b.id })}
                >
                  <BlockIcon type={b.type} />
                  {BLOCK_LABELS[b.type].label}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {!readOnly && (
        <Actions
          kind="Section"
          canUp={index > 0}
          canDown={index < count - 1}
          onUp={() => actions.moveSectionBy(section.id, -1)}
          onDown={() => actions.moveSectionBy(section.id, 1)}
          onDuplicate={() => actions.duplicate(sel)}
          onDelete={() => actions.remove(sel)}
          onAdd={() => actions.addBlock(section.id, section.blocks.length)}
        />
      )}
    </div>
  );
}
