/// The words that name a kind of place, in English and in the languages of the places a road trip
/// meets most (German, French, Catalan, Spanish, Italian): "Vaduz Castle" is the castle whose name
/// has "Vaduz" in it, though its name is "Schloss Vaduz"; "Engolasters lake" is "Lac d'Engolasters".
///
/// A query word (or two or three in a row: "camp site", "parc national") found here is also read as
/// the kind it names (`GazetteerSearch.Query.readings`), one dictionary look-up a word. A word is
/// listed only where it is the common word for the kind, so that a name word that merely looks
/// like one costs a reading that finds nothing of that kind, never a wrong place.
///
/// To add a kind, add a row: its kinds (the first is what the words name, the others what people
/// call by the same word: a castle may be tagged a fort), and its words as written, accents and
/// all; they are folded like names.
enum KindWords {
    static let rows: [(kinds: [PlaceKind], words: [String])] = [
        // English; German; French; Catalan; Spanish; Italian.
        ([.castle, .fort], ["castle", "schloss", "burg", "château", "castell", "castillo", "castello"]),
        ([.fort, .castle], ["fort", "fortress", "festung", "forteresse", "fortalesa", "fortaleza", "fortezza"]),
        ([.ruins, .castle], ["ruins", "ruine", "ruines", "ruïnes", "ruinas", "rovine"]),
        ([.lake], ["lake", "loch", "reservoir", "pond", "see", "stausee", "lac", "étang", "estany", "embassament", "lago", "laguna", "embalse"]),
        (
            [.peak, .volcano],
            [
                "peak", "summit", "mount", "mountain", "gipfel", "spitze", "pic", "pica", "puig", "pico", "cima", "monte", "mont",
                "pizzo", "picco",
            ]
        ),
        ([.volcano, .peak], ["volcano", "vulkan", "volcan", "volcà", "volcán", "vulcano"]),
        ([.mountainPass], ["pass", "mountain pass", "passhöhe", "joch", "col", "coll", "collada", "puerto", "passo", "valico"]),
        ([.waterfall], ["waterfall", "falls", "wasserfall", "cascade", "cascada", "salto", "cascata"]),
        ([.campSite, .caravanSite], ["camp site", "campsite", "campground", "campingplatz", "camping", "càmping", "campeggio"]),
        ([.caravanSite, .campSite], ["caravan site", "caravan park", "rv park", "wohnmobilstellplatz", "stellplatz", "aire de camping car"]),
        ([.viewpoint], ["viewpoint", "lookout", "overlook", "vista point", "aussichtspunkt", "belvédère", "mirador", "belvedere"]),
        ([.museum], ["museum", "musée", "museu", "museo"]),
        ([.cave], ["cave", "caves", "cavern", "höhle", "grotte", "cova", "cueva", "grotta"]),
        ([.glacier], ["glacier", "gletscher", "glacera", "glaciar", "ghiacciaio"]),
        ([.beach], ["beach", "strand", "plage", "platja", "playa", "spiaggia"]),
        ([.island], ["island", "isle", "insel", "île", "illa", "isla", "isola"]),
        ([.lighthouse], ["lighthouse", "leuchtturm", "phare", "faro"]),
        ([.hotSpring], ["hot spring", "hot springs", "therme", "thermes", "termas", "terme"]),
        ([.spring, .hotSpring], ["spring", "quelle", "font", "fuente", "fonte"]),
        ([.nationalPark], ["national park", "nationalpark", "parc national", "parc nacional", "parque nacional", "parco nazionale"]),
        ([.natureReserve, .protectedArea], ["nature reserve", "naturschutzgebiet", "réserve naturelle", "reserva natural", "riserva naturale"]),
        ([.themePark], ["theme park", "amusement park", "freizeitpark", "parc d'attractions", "parc d'atraccions", "parque de atracciones"]),
        ([.zoo], ["zoo", "tierpark"]),
        ([.alpineHut], ["hut", "mountain hut", "alpine hut", "hütte", "berghütte", "refuge", "refugi", "refugio", "rifugio"]),
        ([.bridge], ["bridge", "brücke", "pont", "puente", "ponte"]),
        ([.tower], ["tower", "turm", "tour", "torre"]),
        ([.monument], ["monument", "denkmal", "monumento"]),
        (
            [.church, .placeOfWorship],
            [
                "church", "chapel", "cathedral", "kirche", "kapelle", "dom", "münster", "église", "chapelle",
                "cathédrale", "església", "capella", "catedral", "iglesia", "capilla", "ermita", "chiesa", "cappella",
                "duomo", "cattedrale",
            ]
        ),
        (
            [.placeOfWorship, .church],
            [
                "place of worship", "temple", "mosque", "synagogue", "tempel", "moschee", "synagoge", "mosquée",
                "synagogue", "mesquita", "sinagoga", "mezquita", "moschea",
            ]
        ),
        // The services on the way, a region's only (`PlaceKind.isAmenity`): "Repsol gas station".
        (
            [.fuel],
            [
                "fuel", "fuel station", "gas station", "petrol station", "filling station", "gas", "petrol", "tankstelle",
                "station-service", "station service", "benzinera", "estació de servei", "gasolinera", "estación de servicio",
                "benzinaio", "distributore", "stazione di servizio",
            ]
        ),
        (
            [.chargingStation],
            [
                "charging station", "ev charging", "charger", "ladestation", "ladesäule", "borne de recharge",
                "punt de recàrrega", "punto de recarga", "colonnina",
            ]
        ),
        ([.hotel, .motel, .guestHouse, .hostel], ["hotel", "hôtel", "albergo"]),
        ([.motel, .hotel], ["motel"]),
        ([.guestHouse, .hotel], ["guest house", "guesthouse", "b&b", "pension", "gasthof", "pensió", "pensión", "pensione"]),
        ([.hostel], ["hostel", "youth hostel", "jugendherberge", "auberge de jeunesse", "alberg", "albergue", "ostello"]),
        ([.restaurant, .fastFood, .cafe], ["restaurant", "restaurante", "ristorante", "trattoria"]),
        ([.cafe], ["café", "coffee", "cafeteria", "cafetería", "caffè"]),
        ([.parking], ["parking", "car park", "parking lot", "parkplatz", "aparcament", "aparcamiento", "parcheggio"]),
        ([.supermarket], ["supermarket", "grocery", "supermarkt", "supermarché", "supermercat", "supermercado", "supermercato"]),
        ([.hospital], ["hospital", "krankenhaus", "klinikum", "spital", "hôpital", "ospedale"]),
        ([.pharmacy], ["pharmacy", "chemist", "drugstore", "apotheke", "pharmacie", "farmàcia", "farmacia"]),
    ]

    /// The kinds a folded word or phrase names (`SearchText.key`: "chateau", "camp site"), each
    /// once; several rows may share a word ("pass" is English and German). An abbreviation of a
    /// word names its kinds too ("mt" as "mount": `SearchText.abbreviations`).
    static let kinds: [String: [PlaceKind]] = {
        var kinds: [String: [PlaceKind]] = [:]
        for row in rows {
            for word in row.words {
                let key = SearchText.key(of: word)
                kinds[key, default: []] += row.kinds.filter { !(kinds[key] ?? []).contains($0) }
            }
        }
        for (abbreviation, written) in SearchText.abbreviations {
            kinds[abbreviation] = kinds[written]
        }
        return kinds
    }()

    /// The most words a phrase of the table has.
    static let longestPhrase = kinds.keys.map { $0.split(separator: " ").count }.max() ?? 1

    /// The first words of the phrases of more than one word: only after one of them does a query
    /// look for a phrase (a query word costs one look-up here, not one a phrase length).
    static let phraseStarts = Set(kinds.keys.compactMap { $0.split(separator: " ").dropLast().first.map(String.init) })
}
