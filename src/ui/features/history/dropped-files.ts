// The files of a drop: dropped files as they are, and the files inside dropped folders (and their
// sub-folders), which DataTransfer.files does not list, read through the entries API.

function entryFile(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** One directory's entries: readEntries hands them over in batches until it returns none. */
async function directoryEntries(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function filesOfEntry(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile) return [await entryFile(entry as FileSystemFileEntry)];
  if (!entry.isDirectory) return [];
  const children = await directoryEntries(entry as FileSystemDirectoryEntry);
  return (await Promise.all(children.map(filesOfEntry))).flat();
}

/** Every file of the drop, folders opened; the entries are taken before the first await, as the API requires. */
export async function droppedFiles(transfer: DataTransfer): Promise<File[]> {
  const entries = [...transfer.items].filter((item) => item.kind === "file").map((item) => (typeof item.webkitGetAsEntry === "function" ? item.webkitGetAsEntry() : null));
  if (entries.length === 0 || entries.some((entry) => entry === null)) return [...transfer.files];
  return (await Promise.all(entries.map((entry) => filesOfEntry(entry!)))).flat();
}
