import Foundation

/// The folder `--home` names, where the inbox and the cache keep their SQLite files.
enum HomeFolder {
    /// The path of the file `name` in `home`, the folder made first (with its parents, readable
    /// by you alone) when it is not there. A home that is there already, as it is on every run
    /// but the first, is only stat-ed: FileManager's creation looks up its attribute
    /// dictionary's types at run time, which costs a `status` more than the stat.
    static func file(_ name: String, in home: String) throws(StoreError) -> String {
        if (try? Posix.stat(home)).map({ $0.st_mode & S_IFMT == S_IFDIR }) != true {
            do {
                try FileManager.default.createDirectory(
                    atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .cannotCreate(path: home, reason: error.localizedDescription)
            }
        }
        return home.hasSuffix("/") ? home + name : home + "/" + name
    }
}
