import { useState } from 'react';

/**
 * The search box of a list screen: what is typed stays here until submitted, then `onSearch`
 * gets it trimmed (the screen sets its query and goes back to the first page).
 */
export function SearchForm({
  id,
  label,
  placeholder,
  onSearch,
}: {
  id: string;
  label: string;
  placeholder?: string;
  onSearch: (text: string) => void;
}) {
  const [typed, setTyped] = useState('');
  return (
    <form
      role="search"
      className="ed-search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(typed.trim());
      }}
    >
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="ed-input"
        type="search"
        {...(placeholder ? { placeholder } : {})}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      <button type="submit" className="ed-button">
        Search
      </button>
    </form>
  );
}
