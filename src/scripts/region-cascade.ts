/**
 * Cascading region selects: a <select data-cascade="CHILD_ID" data-url="/member/shipping-city"
 * data-param="province_id"> reloads its child's options from the /member API when it changes,
 * and clears every select below it (spec/000 §5: changing the province clears the city).
 */
interface Option { id: string; name: string; zip_code?: string | null }

async function load(select: HTMLSelectElement): Promise<void> {
  const child = document.getElementById(select.dataset.cascade!) as HTMLSelectElement | null;
  if (!child) return;
  clear(child);
  if (!select.value) return;
  const response = await fetch(select.dataset.url!, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ [select.dataset.param!]: select.value }),
  });
  if (!response.ok) return;
  const { result } = (await response.json()) as { result: Option[] };
  for (const item of result) {
    const option = new Option(item.name, item.id);
    if (item.zip_code) option.dataset.zip = item.zip_code;
    child.append(option);
  }
}

function clear(select: HTMLSelectElement): void {
  select.length = 1; // keep the empty '-' choice
  select.value = '';
  const below = select.dataset.cascade ? document.getElementById(select.dataset.cascade) as HTMLSelectElement | null : null;
  if (below) clear(below);
}

document.querySelectorAll<HTMLSelectElement>('select[data-cascade]').forEach((select) => {
  select.addEventListener('change', () => void load(select));
  // A choice made before this script arrived (slow phone, early tap) still fills its child.
  const child = document.getElementById(select.dataset.cascade!) as HTMLSelectElement | null;
  if (select.value && child && child.length <= 1) void load(select);
});

// A village with a known postal code fills it in; otherwise the member types the 5 digits.
document.querySelectorAll<HTMLSelectElement>('select[data-zip-target]').forEach((select) => {
  select.addEventListener('change', () => {
    const zip = select.selectedOptions[0]?.dataset.zip;
    const target = document.getElementById(select.dataset.zipTarget!) as HTMLInputElement | null;
    if (target && zip) target.value = zip;
  });
});
