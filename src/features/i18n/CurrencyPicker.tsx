import '@/stores/bootstrap';
import { setCurrency } from './locale';

export interface CurrencyPickerProps {
  label: string;
  currencies: Array<{ code: string; symbol: string }>;
  currentCode: string;
}

export default function CurrencyPicker({ label, currencies, currentCode }: CurrencyPickerProps) {
  return (
    <label className="picker">
      <span className="picker-label">{label}</span>
      <select
        name="currency"
        defaultValue={currentCode}
        onChange={(event) => {
          const chosen = currencies.find((c) => c.code === event.currentTarget.value);
          if (chosen) setCurrency(chosen);
        }}
      >
        {currencies.map((currency) => (
          <option key={currency.code} value={currency.code}>
            {currency.code} ({currency.symbol})
          </option>
        ))}
      </select>
    </label>
  );
}
